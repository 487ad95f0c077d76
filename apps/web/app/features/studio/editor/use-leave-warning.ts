// The warning before leaving the editor with unsaved changes: in the app (useBlocker) and when
// closing or reloading the tab (beforeunload, whose text the browser chooses).
import { useEffect, useRef } from "react";
import { useBlocker } from "react-router";

/**
 * Blocks leaving for another page while `unsaved`, unless the next location carries
 * `editorKey` in its history state (a new article getting its address) or `allowLeave` was
 * called (leaving on purpose, after Delete). @returns the blocker, for the "Leave without
 * saving?" dialog, and `allowLeave`.
 */
export function useLeaveWarning(unsaved: boolean, editorKey: string) {
  /** Set just before leaving on purpose (after Delete), so the leave warning stays quiet. */
  const leaving = useRef(false);
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      unsaved &&
      !leaving.current &&
      currentLocation.pathname !== nextLocation.pathname &&
      (nextLocation.state as { editor?: string } | null)?.editor !== editorKey,
  );
  useEffect(() => {
    if (!unsaved) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = "";
    };
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [unsaved]);
  const allowLeave = () => {
    leaving.current = true;
  };
  return { blocker, allowLeave };
}

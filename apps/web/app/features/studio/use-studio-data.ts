// Data a studio panel loads in the browser after it mounts (revisions, stats): loading, ready or
// failed with a message, the call aborted when the panel goes or asks again.
import { useEffect, useEffectEvent, useState } from "react";
import { isAbortError } from "../../lib/fetch-json";
import { messageOf } from "./studio-load";

/** Where a panel's load stands. */
export type StudioData<T> =
  { kind: "loading" } | { kind: "ready"; value: T } | { kind: "error"; message: string };

/**
 * Runs `load` on mount and whenever `key` changes (the earlier call is aborted; what was shown
 * stays until the new answer lands). A failure becomes `messageOf`'s sentence.
 */
export function useStudioData<T>(
  key: string | number,
  load: (signal: AbortSignal) => Promise<T>,
): StudioData<T> {
  const [state, setState] = useState<StudioData<T>>({ kind: "loading" });
  const start = useEffectEvent(load);
  useEffect(() => {
    const controller = new AbortController();
    start(controller.signal).then(
      (value) => setState({ kind: "ready", value }),
      (error: unknown) => {
        if (!isAbortError(error)) setState({ kind: "error", message: messageOf(error) });
      },
    );
    return () => controller.abort();
  }, [key]);
  return state;
}

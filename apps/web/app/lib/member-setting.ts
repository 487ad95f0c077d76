// A signed-in member's own setting behind GET and PUT of one API address (the newsletter switch,
// the notification email choices): loaded after hydration, saved at each change, with what the
// save did in words.
import { useEffect, useState } from "react";
import { call, failureText } from "./account-api";
import { isAbortError } from "./fetch-json";

/** Where the setting stands: loading, the stored value, or why it could not be read. */
export type MemberSettingState<T> =
  { kind: "loading" } | { kind: "ready"; value: T } | { kind: "error"; message: string };

/** What the last save did, in words; `failed` when it was not saved. */
export interface SaveMessage {
  text: string;
  failed: boolean;
}

/**
 * The setting at `url` (answers `{ data }`), loaded on mount when `enabled` (only signed-in readers
 * may ask; the call is aborted when the page goes), and `save(body, done)`, which PUTs `body`:
 * the answer becomes the state and `done(value)` the message; on a failure the old state stays and
 * the message is "Not saved: …" (a session that ended, no network, or the server's sentence).
 * @returns the saved value, or null when it was not saved.
 */
export function useMemberSetting<T>(url: string, enabled = true) {
  const [state, setState] = useState<MemberSettingState<T>>({ kind: "loading" });
  const [message, setMessage] = useState<SaveMessage | null>(null);
  useEffect(() => {
    if (!enabled) return;
    const controller = new AbortController();
    call<{ data: T }>("GET", url, undefined, controller.signal).then(
      (answer) => setState({ kind: "ready", value: answer.data }),
      (error: unknown) => {
        if (!isAbortError(error)) setState({ kind: "error", message: failureText(error) });
      },
    );
    return () => controller.abort();
  }, [url, enabled]);

  const save = async (body: unknown, done: (value: T) => string): Promise<T | null> => {
    setMessage(null);
    try {
      const answer = await call<{ data: T }>("PUT", url, body);
      setState({ kind: "ready", value: answer.data });
      setMessage({ text: done(answer.data), failed: false });
      return answer.data;
    } catch (error) {
      setMessage({ text: `Not saved: ${failureText(error)}`, failed: true });
      return null;
    }
  };
  return { state, message, save };
}

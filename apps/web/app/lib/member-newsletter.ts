// The signed-in member's newsletter (docs/product/api.md#api-newsletter): GET and PUT
// /api/newsletter/opt-in, the row of their account email on the one list. The account page's
// switch and the /newsletter page both read it here, so they always say the same thing.
import type { MemberNewsletter } from "@pragmatist/contracts";
import { useEffect, useState } from "react";
import { call } from "./account-api";
import { ApiError, isAbortError } from "./fetch-json";
import { refreshViewer } from "./viewer";

const URL = "/api/newsletter/opt-in";
type Answer = { data: MemberNewsletter };

/** Where the member's newsletter stands: loading, the stored state, or why it could not be read. */
export type MemberNewsletterState =
  | { kind: "loading" }
  | { kind: "ready"; value: MemberNewsletter }
  | { kind: "error"; message: string };

/** A failed call in words: the session that ended, no network, or the server's message. */
function failureText(error: unknown): string {
  if (error instanceof ApiError && error.status === 401) return "Sign in again to change this.";
  if (error instanceof ApiError) return error.message;
  return "No connection: check your network and try again.";
}

/** What a change did, in words: on, waiting for the mailed link, or off. */
function doneText(value: MemberNewsletter): string {
  if (value.optIn) return "Done: the newsletter will come to you by email.";
  if (value.status === "pending") {
    return `Almost done: open the link we mailed to ${value.email} to confirm.`;
  }
  return "Done: you will not get the newsletter by email.";
}

/**
 * The member's newsletter, loaded on mount when `enabled` (only signed-in readers may ask; the
 * call is aborted when the page goes), and `change(optIn)`, which saves at once: `saving` while it
 * lasts, then `message` says what happened or why it was not saved (the old state is kept).
 */
export function useMemberNewsletter(enabled = true) {
  const [state, setState] = useState<MemberNewsletterState>({ kind: "loading" });
  const [saving, setSaving] = useState(false);
  const [message, setMessage] = useState<{ text: string; failed: boolean } | null>(null);
  useEffect(() => {
    if (!enabled) return;
    const controller = new AbortController();
    call<Answer>("GET", URL, undefined, controller.signal).then(
      (answer) => setState({ kind: "ready", value: answer.data }),
      (error: unknown) => {
        if (!isAbortError(error)) setState({ kind: "error", message: failureText(error) });
      },
    );
    return () => controller.abort();
  }, [enabled]);

  const change = async (optIn: boolean) => {
    setSaving(true);
    setMessage(null);
    try {
      const answer = await call<Answer>("PUT", URL, { data: { optIn } });
      setState({ kind: "ready", value: answer.data });
      setMessage({ text: doneText(answer.data), failed: false });
      // The Subscribe links of the page (NewsletterLink) say what the member gets now.
      void refreshViewer();
    } catch (error) {
      setMessage({ text: `Not saved: ${failureText(error)}`, failed: true });
    } finally {
      setSaving(false);
    }
  };
  return { state, saving, message, change };
}

// The signed-in member's newsletter (docs/product/api.md#api-newsletter): GET and PUT
// /api/newsletter/opt-in, the row of their account email on the one list. The account page's
// switch and the /newsletter page both read it here, so they always say the same thing.
import type { MemberNewsletter } from "@pragmatist/contracts";
import { useState } from "react";
import { type MemberSettingState, useMemberSetting } from "./member-setting";
import { refreshViewer } from "./viewer";

const URL = "/api/newsletter/opt-in";

/** Where the member's newsletter stands: loading, the stored state, or why it could not be read. */
export type MemberNewsletterState = MemberSettingState<MemberNewsletter>;

/** What a change did, in words: on, waiting for the mailed link, or off. */
function doneText(value: MemberNewsletter): string {
  if (value.optIn) return "Done: the newsletter will come to you by email.";
  if (value.status === "pending") {
    return `Almost done: open the link we mailed to ${value.email} to confirm.`;
  }
  return "Done: you will not get the newsletter by email.";
}

/**
 * The member's newsletter, loaded on mount when `enabled` (`useMemberSetting`), and
 * `change(optIn)`, which saves at once: `saving` while it lasts, then `message` says what
 * happened or why it was not saved (the old state is kept).
 */
export function useMemberNewsletter(enabled = true) {
  const { state, message, save } = useMemberSetting<MemberNewsletter>(URL, enabled);
  const [saving, setSaving] = useState(false);
  const change = async (optIn: boolean) => {
    setSaving(true);
    // The Subscribe links of the page (NewsletterLink) say what the member gets now.
    if (await save({ data: { optIn } }, doneText)) void refreshViewer();
    setSaving(false);
  };
  return { state, saving, message, change };
}

// The member's notification email choices on /account (docs/product/accounts.md#notification-emails):
// for replies, mentions and comments on their articles, no email, an email at once or a daily
// digest; read after hydration from GET /api/notifications/emails and saved at each change.
import {
  type NotificationEmailMode,
  type NotificationEmails,
  type NotificationKind,
  notificationKinds,
} from "@pragmatist/contracts";
import { useId, useState } from "react";
import { Spinner } from "../../components/ui/action-icons";
import { useMemberSetting } from "../../lib/member-setting";
import { SaveStatus } from "./save-status";

const URL = "/api/notifications/emails";

const KINDS: Record<NotificationKind, string> = {
  reply: "Replies to my comments",
  mention: "Mentions of me",
  article_comment: "Comments on my articles",
};

const MODES: Array<{ mode: NotificationEmailMode; label: string }> = [
  { mode: "off", label: "Off" },
  { mode: "instant", label: "At once" },
  { mode: "daily", label: "Daily digest" },
];

/** The choices (`useMemberSetting`) and `change`, which saves one kind at once. */
function useNotificationEmails() {
  const { state, message, save } = useMemberSetting<NotificationEmails>(URL);
  const [saving, setSaving] = useState<NotificationKind | null>(null);
  const change = async (kind: NotificationKind, mode: NotificationEmailMode) => {
    if (saving !== null) return;
    setSaving(kind);
    await save(
      { data: { [kind]: mode } },
      () => `Saved: ${KINDS[kind].toLowerCase()}, ${label(mode)}.`,
    );
    setSaving(null);
  };
  return { state, saving, message, change };
}

const label = (mode: NotificationEmailMode) =>
  (MODES.find((m) => m.mode === mode)?.label ?? mode).toLowerCase();

/**
 * "Email me about": for each kind a radio group of three (Off, At once, Daily digest), named by
 * the kind's label and keyboard-operable as native radios; a change is saved at once (a press
 * while one is saved is ignored), then a status line says what was saved or why not (the old
 * choice stays).
 */
export function NotificationEmailChoices() {
  const titleId = useId();
  const name = useId();
  const { state, saving, message, change } = useNotificationEmails();
  return (
    <section aria-labelledby={titleId} className="mt-4 rounded-xl border border-line px-4 py-3.5">
      <h2 id={titleId} className="font-medium">
        Email me about
      </h2>
      <p className="mt-0.5 text-sm text-muted">
        &ldquo;At once&rdquo; gathers what comes within a few minutes into one email; the digest
        comes once a day. Every email has a link to stop it.
      </p>
      <div className="mt-3 divide-y divide-line">
        {notificationKinds.map((kind) => {
          const current = state.kind === "ready" ? state.value[kind] : null;
          // Not disabled while saving: a disabled radio would drop the keyboard's focus.
          const disabled = state.kind !== "ready";
          return (
            <div
              key={kind}
              className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between"
            >
              <span id={`${name}-${kind}`} className="flex items-center gap-2 text-[0.9375rem]">
                {KINDS[kind]}
                {saving === kind && <Spinner size={14} className="text-accent" />}
              </span>
              <div
                role="radiogroup"
                aria-labelledby={`${name}-${kind}`}
                aria-busy={saving === kind}
                className="flex w-full rounded-lg border border-line p-0.5 sm:w-auto"
              >
                {MODES.map(({ mode, label: text }) => (
                  <label
                    key={mode}
                    className="flex-1 cursor-pointer rounded-md px-3 py-1.5 text-center text-sm whitespace-nowrap text-muted has-checked:bg-accent has-checked:font-medium has-checked:text-white has-focus-visible:outline-2 has-focus-visible:outline-accent has-disabled:cursor-not-allowed sm:flex-none"
                  >
                    <input
                      type="radio"
                      name={`${name}-${kind}`}
                      value={mode}
                      checked={current === mode}
                      disabled={disabled}
                      onChange={() => void change(kind, mode)}
                      className="sr-only"
                    />
                    {text}
                  </label>
                ))}
              </div>
            </div>
          );
        })}
      </div>
      <SaveStatus state={state} message={message} />
    </section>
  );
}

// The /newsletter page's panel for a signed-in member
// (docs/decisions/007-newsletter-delivery.md#one-list): their own state on the one list, the row of
// their account email, with one button to stop it or to subscribe with that address, instead of an
// empty email box. It reads what the account page's switch reads.
import { useId } from "react";
import type { MemberNewsletter } from "@pragmatist/contracts";
import { Spinner } from "../../components/ui/action-icons";
import { errorText } from "../../components/ui/danger";
import { useMemberNewsletter } from "../../lib/member-newsletter";

/** The sentence of each state, naming the member's account email. */
function stateText(value: MemberNewsletter): string {
  if (value.optIn) return `You get the newsletter at ${value.email}.`;
  if (value.status === "pending") {
    return `We mailed a confirmation link to ${value.email}: open it to start getting the newsletter.`;
  }
  return `Get the newsletter at your account's address, ${value.email}.`;
}

/**
 * The member's newsletter: loading, then "You get the newsletter at {email}." with "Stop the
 * newsletter", or an invitation with "Subscribe" (at once for a verified email, else a
 * confirmation link is mailed); what a change did, or why it failed, below. `enabled` is false
 * until the reader is known to be signed in (visitors never ask the API).
 */
export function MemberSubscription({ siteName, enabled }: { siteName: string; enabled: boolean }) {
  const id = useId();
  const { state, saving, message, change } = useMemberNewsletter(enabled);
  const value = state.kind === "ready" ? state.value : null;
  return (
    <section
      aria-labelledby={`${id}-title`}
      aria-busy={state.kind === "loading" || saving}
      className="rounded-xl border border-line bg-surface p-6 sm:p-8"
    >
      <h2 id={`${id}-title`} className="text-xl font-semibold tracking-tight">
        Your {siteName} newsletter
      </h2>
      {state.kind === "loading" && (
        <p className="mt-2 flex items-center gap-2 text-sm text-muted">
          <Spinner size={14} /> Checking your subscription…
        </p>
      )}
      {state.kind === "error" && (
        <p role="alert" className={`mt-2 text-sm ${errorText}`}>
          {state.message}
        </p>
      )}
      {value && (
        <>
          <p className="mt-2 text-sm leading-relaxed">{stateText(value)}</p>
          {value.suppressed && (
            <p className="mt-1 text-sm text-muted">
              Mail to this address was refused for good, so the newsletter is not sent to it.
            </p>
          )}
          <button
            type="button"
            disabled={saving}
            onClick={() => void change(!value.optIn)}
            className="mt-5 inline-flex h-11 items-center gap-2 rounded-lg bg-accent px-5 font-semibold text-accent-ink transition-opacity hover:opacity-90 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent disabled:opacity-60"
          >
            {saving && <Spinner size={14} />}
            {value.optIn
              ? "Stop the newsletter"
              : value.status === "pending"
                ? "Send the link again"
                : "Subscribe"}
          </button>
        </>
      )}
      {message && (
        <p
          role={message.failed ? "alert" : "status"}
          className={`mt-3 text-sm ${message.failed ? errorText : "text-muted"}`}
        >
          {message.text}
        </p>
      )}
    </section>
  );
}

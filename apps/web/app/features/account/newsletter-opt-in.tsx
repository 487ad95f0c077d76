// The member's own newsletter choice on /account (docs/product/accounts.md#account): a switch "Get
// the newsletter by email", the row of their account email on the one list
// (docs/decisions/007-newsletter-delivery.md#one-list), read after hydration and changed through
// lib/member-newsletter.ts, as /newsletter shows it too.
import { useId } from "react";
import { Spinner } from "../../components/ui/action-icons";
import { useMemberNewsletter } from "../../lib/member-newsletter";
import { SaveStatus } from "./save-status";

/**
 * "Get the newsletter by email": a switch (role="switch", aria-checked: the address gets it) for
 * the signed-in member, mailed at the address their account shows above it. A change is sent at
 * once; the switch waits meanwhile, then shows the stored state and says it (an unverified email
 * waits for the mailed confirmation link), or keeps the old one and says why it was not saved.
 */
export function NewsletterOptIn() {
  const labelId = useId();
  const hintId = useId();
  const { state, saving, message, change } = useMemberNewsletter();
  const optIn = state.kind === "ready" && state.value.optIn;

  return (
    <section aria-labelledby={labelId} className="mt-8 rounded-xl border border-line px-4 py-3.5">
      <div className="flex items-center justify-between gap-4">
        <div className="min-w-0">
          <h2 id={labelId} className="font-medium">
            Get the newsletter by email
          </h2>
          <p id={hintId} className="mt-0.5 text-sm text-muted">
            New research and The Weekly Brief, sent to your account&apos;s address. Every mail has a
            link to stop it.
          </p>
        </div>
        <button
          type="button"
          role="switch"
          aria-checked={optIn}
          aria-labelledby={labelId}
          aria-describedby={hintId}
          aria-busy={state.kind === "loading" || saving}
          disabled={state.kind !== "ready" || saving}
          onClick={() => void change(!optIn)}
          className="relative inline-flex h-7 w-12 shrink-0 items-center rounded-full border border-line bg-line/60 transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent disabled:cursor-not-allowed disabled:opacity-60 aria-checked:border-accent aria-checked:bg-accent"
        >
          <span
            aria-hidden="true"
            className={`inline-flex size-5 items-center justify-center rounded-full bg-white shadow transition-transform ${optIn ? "translate-x-6" : "translate-x-1"}`}
          >
            {saving && <Spinner size={12} className="text-accent" />}
          </span>
        </button>
      </div>
      <SaveStatus state={state} message={message} />
    </section>
  );
}

// The second subscribe panel of the article page (docs/product/newsletter.md#subscribe-panel):
// email and Subscribe (double opt-in).
import { useId } from "react";
import { useSubscribe } from "./use-subscribe.ts";

/** What the article page passes to the panel. */
export interface SubscribePanelProps {
  /** SITE_NAME, e.g. "Crypto Pragmatist": the heading reads "Subscribe to Crypto Pragmatist". */
  siteName: string;
}

/**
 * Subscribe posts the email from the browser; the input has no `name`, so a form sent before
 * hydration carries no address into a URL.
 */
export function SubscribePanel({ siteName }: SubscribePanelProps) {
  const id = useId();
  const { result, onSubmit } = useSubscribe();
  return (
    <section
      aria-labelledby={`${id}-title`}
      className="rounded-xl border border-line bg-surface p-6 sm:p-8"
    >
      <h2 id={`${id}-title`} className="text-xl font-semibold tracking-tight">
        Subscribe to {siteName}
      </h2>
      <p className="mt-2 text-sm leading-relaxed text-muted">
        Research, market reports and the weekly newsletter, straight to your inbox.
      </p>
      <form onSubmit={onSubmit} className="mt-5 flex flex-col gap-3 sm:flex-row">
        <label htmlFor={`${id}-email`} className="sr-only">
          Email address
        </label>
        <input
          id={`${id}-email`}
          type="email"
          required
          autoComplete="email"
          placeholder="you@example.com"
          className="h-11 w-full min-w-0 rounded-lg border border-line bg-page px-3 sm:flex-1 text-ink placeholder:text-muted focus:border-accent focus:outline-2 focus:outline-accent/30"
        />
        <button
          type="submit"
          className="h-11 rounded-lg bg-accent px-5 font-semibold text-accent-ink transition-opacity hover:opacity-90 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent"
        >
          Subscribe
        </button>
      </form>
      <p role="status" className="mt-3 text-sm empty:hidden">
        {result}
      </p>
    </section>
  );
}

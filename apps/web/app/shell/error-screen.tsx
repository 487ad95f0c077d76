// A friendly error screen: the /error page and a route's boundary for anything but a 404.
import { isRouteErrorResponse, Link } from "react-router";

/**
 * Status or message of a router error, as the boundary shows it
 * (docs/product/site.md#error-boundary).
 */
export function errorDetail(error: unknown): string {
  if (isRouteErrorResponse(error)) return `${error.status} ${error.statusText}`.trim();
  if (error instanceof Error) return error.message;
  return "Unknown error";
}

/** What an error screen says and offers. */
export interface ErrorScreenProps {
  /** The `<h1>`. */
  title: string;
  /** A status line or message; omitted on the /error page. */
  detail?: string | undefined;
  /** Offer to load the same address again (useful in a boundary, not on /error itself). */
  canRetry?: boolean;
  /** False inside a layout that already has the `<main>` (the shared layout). */
  landmark?: boolean;
}

/**
 * "Something went wrong", the title, the detail in a box, a sentence of advice, then "Reload the
 * page" (when `canRetry`) and "Back to the research home".
 */
export function ErrorScreen({
  title,
  detail,
  canRetry = false,
  landmark = true,
}: ErrorScreenProps) {
  const Root = landmark ? "main" : "div";
  return (
    <Root className="mx-auto max-w-2xl px-4 py-16 sm:py-24">
      <p className="text-sm font-semibold tracking-wide text-muted uppercase">
        Something went wrong
      </p>
      <h1 className="mt-2 text-3xl font-bold tracking-tight sm:text-4xl">{title}</h1>
      {detail && (
        <p className="mt-4 rounded-lg border border-line bg-surface px-4 py-3 font-mono text-sm break-words text-muted">
          {detail}
        </p>
      )}
      <p className="mt-4 text-lg leading-relaxed text-muted">
        Sorry about that. {canRetry ? "Try loading the page again; if" : "If"} it keeps happening,
        come back in a few minutes.
      </p>
      <div className="mt-8 flex flex-wrap gap-3">
        {canRetry && (
          <a
            href=""
            className="inline-flex h-11 items-center rounded-lg bg-accent px-5 font-semibold text-accent-ink hover:opacity-90 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent"
          >
            Reload the page
          </a>
        )}
        <Link
          to="/"
          className="inline-flex h-11 items-center rounded-lg border border-line bg-surface px-5 font-semibold hover:border-accent focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent"
        >
          Back to the research home
        </Link>
      </div>
    </Root>
  );
}

// The 404 screen shared by an unknown article (/p/{slug}) and any unknown address (splat route),
// and the error screen of page routes. Loaded on demand by the routes' error boundaries
// (page-error-boundary.tsx); the 404 route itself imports it.
import { Form, Link } from "react-router";
import { resultsCount } from "../features/library/listing";
import { ErrorScreen, errorDetail } from "./error-screen.tsx";
import { type NotFoundData, notFoundOf } from "./not-found-data.ts";

/**
 * The 404 screen. `landmark` false renders it inside a layout that already has the `<main>`
 * (the shared layout of listings, author and category pages).
 */
export function NotFound({ data, landmark = true }: { data: NotFoundData; landmark?: boolean }) {
  const { query, suggestions, total } = data;
  const Root = landmark ? "main" : "div";
  return (
    <Root className="mx-auto max-w-2xl px-4 py-16 sm:py-24">
      <p className="text-sm font-semibold tracking-wide text-accent uppercase">Error 404</p>
      <h1 className="mt-2 text-3xl font-bold tracking-tight sm:text-4xl">Page not found</h1>
      <p className="mt-4 text-lg leading-relaxed text-muted">
        We could not find that page. It may have moved, or the address may be mistyped.
      </p>

      <Form method="get" role="search" className="mt-8 flex gap-2">
        <label htmlFor="not-found-q" className="sr-only">
          Search articles
        </label>
        <input
          id="not-found-q"
          name="q"
          type="search"
          defaultValue={query}
          placeholder="Search our articles"
          className="h-11 min-w-0 flex-1 rounded-lg border border-line bg-surface px-3 text-ink placeholder:text-muted focus:border-accent focus:outline-2 focus:outline-accent/30"
        />
        <button
          type="submit"
          className="h-11 rounded-lg bg-accent px-5 font-semibold text-accent-ink hover:opacity-90 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent"
        >
          Search
        </button>
      </Form>

      {suggestions.length > 0 ? (
        <section aria-labelledby="not-found-suggestions" className="mt-10">
          <h2 id="not-found-suggestions" className="text-sm font-semibold text-muted">
            {query ? `${resultsCount(total)} for “${query}”` : "Perhaps you were looking for"}
          </h2>
          <ul className="mt-3 divide-y divide-line rounded-xl border border-line bg-surface">
            {suggestions.map((s) => (
              <li key={s.slug}>
                <Link
                  to={`/p/${s.slug}`}
                  className="flex items-baseline justify-between gap-3 px-4 py-3 font-medium hover:text-accent focus-visible:outline-2 focus-visible:outline-accent"
                >
                  <span className="min-w-0">{s.title}</span>
                  <span className="shrink-0 text-xs font-semibold tracking-wide text-muted uppercase">
                    {s.label}
                  </span>
                </Link>
              </li>
            ))}
          </ul>
          {query && total > suggestions.length && (
            <p className="mt-3 text-sm">
              <Link
                to={`/?q=${encodeURIComponent(query)}`}
                className="font-medium text-accent underline-offset-4 hover:underline"
              >
                See all {resultsCount(total)}
              </Link>
            </p>
          )}
        </section>
      ) : query ? (
        <p className="mt-8 text-muted">No articles found matching “{query}”.</p>
      ) : null}

      <p className="mt-10">
        <Link
          to="/"
          className="inline-flex items-center gap-1 font-semibold text-accent underline decoration-accent/40 underline-offset-4 hover:decoration-accent"
        >
          <span aria-hidden="true">←</span> Back to the research home
        </Link>
      </p>
    </Root>
  );
}

/**
 * A page route's error boundary: the 404 screen for a thrown 404, the error screen with a retry
 * for anything else. `landmark` false inside the shared layout (it has the `<main>`).
 */
export function PageError({ error, landmark = true }: { error: unknown; landmark?: boolean }) {
  const notFound = notFoundOf(error);
  if (notFound) return <NotFound data={notFound} landmark={landmark} />;
  return (
    <ErrorScreen
      title="Unexpected Application Error!"
      detail={errorDetail(error)}
      canRetry
      landmark={landmark}
    />
  );
}

// A page route's error boundary whose screens (404 with suggestions, error with retry) load only
// when an error is shown: most readers never see them, so their code is not part of every page.
import { lazyPart } from "../components/ui/lazy-load";

const PageError = lazyPart(() => import("./not-found.tsx").then((m) => m.PageError));

/**
 * `PageError` from not-found.tsx, loaded on demand: rendered in full on the server; in the browser
 * the screen hydrates (or, after a client-side navigation, appears) once its chunk has arrived.
 * `landmark` false inside the shared layout (it has the `<main>`).
 */
export function PageErrorBoundary({ error, landmark }: { error: unknown; landmark?: boolean }) {
  return <PageError error={error} landmark={landmark} />;
}

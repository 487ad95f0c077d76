// What the studio shows instead of a page it cannot show: the 403 for members and for pages
// above the viewer's role, a 404 for an unknown article, or an unexpected error.
import { isRouteErrorResponse, Link, useRouteError } from "react-router";
import { buttonClass } from "../../components/ui/button";
import { isStaff, useViewer } from "../../lib/viewer";
import type { StudioRefusal } from "./studio-load";

/** The error of the nearest failing studio route as a calm page with a way back. */
export function StudioErrorPage() {
  const error = useRouteError();
  const viewer = useViewer();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const serverMessage = isRouteErrorResponse(error)
    ? (error.data as Partial<StudioRefusal> | undefined)?.message
    : undefined;
  const title =
    status === 403
      ? "You cannot open this page"
      : status === 404
        ? "Not found"
        : "Something went wrong";
  const message =
    serverMessage ??
    (status === 403
      ? "The studio is for authors, editors and admins."
      : status === 404
        ? "There is nothing at this address."
        : "The page could not be loaded. Reload to try again.");
  return (
    <section aria-labelledby="studio-error" className="mx-auto max-w-xl py-10 text-center">
      <p className="tabular text-sm font-semibold text-muted">{status}</p>
      <h1 id="studio-error" className="mt-1 text-2xl font-semibold tracking-tight">
        {title}
      </h1>
      <p className="mt-2 text-muted">{message}</p>
      <div className="mt-6 flex justify-center gap-2">
        <Link to="/" className={buttonClass("secondary")}>
          Go to the home page
        </Link>
        {isStaff(viewer?.role) && (
          <Link to="/studio" className={buttonClass("primary")}>
            Back to the studio
          </Link>
        )}
      </div>
    </section>
  );
}

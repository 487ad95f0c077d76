// `/studio/newsletter/{id}` (docs/product/newsletter.md#newsletter-sending): one issue, its
// preview, its test and send, and its delivery figures; editors and admins.
import { data } from "react-router";
import { Skeleton } from "../components/ui/skeleton";
import { accountMeta } from "../features/account/page-meta";
import { IssueScreen } from "../features/studio/newsletter/issue-screen";
import { newsletterApi } from "../features/studio/newsletter/newsletter-api";
import { StudioErrorPage } from "../features/studio/studio-error";
import { type StudioRefusal, studioLoad } from "../features/studio/studio-load";
import type { Route } from "./+types/studio.newsletter.issue";

/** The issue of a positive id; else a 404; refusals as `studioLoad` turns them. */
export async function clientLoader({ params, request }: Route.ClientLoaderArgs) {
  const id = Number(params.id);
  if (!Number.isSafeInteger(id) || id <= 0) {
    throw data<StudioRefusal>({ message: "Newsletter issue not found" }, { status: 404 });
  }
  return { issue: await studioLoad(request, (signal) => newsletterApi.get(id, signal)) };
}

/** "{subject} · Studio". */
export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  accountMeta(
    loaderData ? `${loaderData.issue.attributes.subject} · Studio` : "Newsletter · Studio",
    matches,
  );

/** The screen's outline in grey while the issue loads in the browser. */
export function HydrateFallback() {
  return (
    <div aria-busy="true">
      <span className="sr-only">Loading the issue…</span>
      <Skeleton className="mb-4 h-7 w-72" />
      <div className="grid gap-5 lg:grid-cols-[minmax(0,1fr)_24rem]">
        <Skeleton className="h-[36rem] rounded-xl" />
        <div className="space-y-4">
          <Skeleton className="h-64 rounded-xl" />
          <Skeleton className="h-40 rounded-xl" />
        </div>
      </div>
    </div>
  );
}

/** The issue's screen; a new one for each issue (the key), so no state carries over. */
export default function StudioNewsletterIssue({ loaderData }: Route.ComponentProps) {
  return <IssueScreen key={loaderData.issue.id} issue={loaderData.issue} />;
}

/** The studio's 403, 404 or error page for this section (`StudioErrorPage`). */
export function ErrorBoundary() {
  return <StudioErrorPage />;
}

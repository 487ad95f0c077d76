// `/studio/moderation` (docs/product/studio.md#studio-moderation): editors and admins; the comments
// with open reports (?include=all adds those whose reports were answered), or every comment
// (?show=all, ?show=hidden) by one member (&member=) or on one article (&article=), 20 a page.
import { Link, useLocation } from "react-router";
import { ListSkeleton } from "../components/ui/list-skeleton";
import { Note } from "../components/ui/note";
import { PageHeading } from "../components/ui/page-heading";
import { Pagination } from "../components/ui/pagination";
import { accountMeta } from "../features/account/page-meta";
import { ModerationQueue } from "../features/studio/moderation-queue";
import { studioApi } from "../features/studio/studio-api";
import { StudioErrorPage } from "../features/studio/studio-error";
import { pageOf, studioLoad } from "../features/studio/studio-load";
import type { ModeratedComment } from "@pragmatist/contracts";
import type { Route } from "./+types/studio.moderation";

/** The lists of the page: its tabs. */
type View = "open" | "reported" | "all" | "hidden";

/** A positive id from the query, or undefined. */
const idOf = (value: string | null) =>
  value && /^[1-9]\d{0,9}$/.test(value) ? Number(value) : undefined;

/**
 * The list the address asks for (`?include=all`: every reported comment; `?show=all|hidden` with
 * `&member=` and `&article=`: every comment; else those with open reports) and `?page=`, and that
 * page; refusals as `studioLoad` turns them (authors get the 403 page).
 */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const params = new URL(request.url).searchParams;
  const page = pageOf(params.get("page"));
  const show = params.get("show");
  if (show === "all" || show === "hidden") {
    const member = idOf(params.get("member"));
    const article = idOf(params.get("article"));
    const list = await studioLoad(request, (signal) =>
      studioApi.comments({ show, member, article, page }, signal),
    );
    return { view: show, member, article, list } as const;
  }
  const include = params.get("include") === "all" ? "all" : "open";
  const list = await studioLoad(request, (signal) => studioApi.reports({ include, page }, signal));
  const view: View = include === "all" ? "reported" : "open";
  return { view, member: undefined, article: undefined, list } as const;
}

/** "Moderation · Studio". */
export const meta: Route.MetaFunction = ({ matches }) =>
  accountMeta("Moderation · Studio", matches);

/** The page's tabs, as links: open reports, every reported comment, every comment, hidden ones. */
function ViewTabs({ view }: { view: View }) {
  const tab = (value: View, to: string, label: string) => (
    <Link
      to={to}
      aria-current={view === value ? "page" : undefined}
      className={`inline-flex h-8 items-center rounded-md px-3 text-sm font-medium whitespace-nowrap focus-visible:outline-2 focus-visible:outline-accent ${
        view === value ? "bg-accent/10 text-accent" : "text-muted hover:text-ink"
      }`}
    >
      {label}
    </Link>
  );
  return (
    <nav
      aria-label="Which comments"
      className="flex max-w-full gap-1 overflow-x-auto rounded-lg border border-line bg-surface p-1"
    >
      {tab("open", "?", "Open reports")}
      {tab("reported", "?include=all", "All reported")}
      {tab("all", "?show=all", "All comments")}
      {tab("hidden", "?show=hidden", "Hidden")}
    </nav>
  );
}

/** What the list holds, in a sentence, with its count. */
const LEADS: Record<View, string> = {
  open: "Comments with reports no one has answered, most recently reported first.",
  reported: "Every reported comment, most recently reported first.",
  all: "Every comment, newest first.",
  hidden: "Comments hidden from readers, newest first.",
};

/** Whose or where the comments are, when the list is narrowed, with a way back to all. */
function Narrowed({
  view,
  member,
  article,
  first,
}: {
  view: View;
  member: number | undefined;
  article: number | undefined;
  first: ModeratedComment | undefined;
}) {
  if (member === undefined && article === undefined) return null;
  const whose =
    member === undefined ? "" : ` by ${first?.comment.author?.username ?? "this member"}`;
  const where = article === undefined ? "" : ` on “${first?.article.title ?? "this article"}”`;
  return (
    <p className="mb-4 text-sm">
      Comments{whose}
      {where}.{" "}
      <Link to={`?show=${view}`} className="font-medium text-accent hover:underline">
        Show everyone’s
      </Link>
    </p>
  );
}

/** The heading and grey rows while the reports load. */
export function HydrateFallback() {
  return (
    <>
      <PageHeading title="Moderation" />
      <ListSkeleton rows={4} label="Loading reported comments…" />
    </>
  );
}

/** Moderation: the tabs, what the list holds, the comments (or a note) and their pages. */
export default function StudioModeration({ loaderData }: Route.ComponentProps) {
  const { view, member, article, list } = loaderData;
  const { search } = useLocation();
  const { pagination } = list.meta;
  return (
    <>
      <PageHeading title="Moderation">
        <ViewTabs view={view} />
      </PageHeading>
      <p className="mb-4 text-sm text-muted">
        {LEADS[view]} <span className="tabular">{pagination.total}</span> in this list.
      </p>
      <Narrowed view={view} member={member} article={article} first={list.data[0]} />
      {list.data.length === 0 ? (
        <Note>
          {view === "open" ? "No reported comments waiting. All clear." : "No comments here."}
        </Note>
      ) : (
        <ModerationQueue key={search} items={list.data} />
      )}
      <Pagination pagination={pagination} label="Comment pages" />
    </>
  );
}

/** The studio's 403, 404 or error page for this section (`StudioErrorPage`). */
export function ErrorBoundary() {
  return <StudioErrorPage />;
}

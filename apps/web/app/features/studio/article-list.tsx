// The studio's article list
// (docs/product/studio.md#studio-articles): a GET form whose fields are the URL's query, and a
// dense table of the results.
import type {
  ArticleState,
  ArticleType,
  StudioArticleList,
  StudioArticleSummary,
} from "@pragmatist/contracts";
import { Link, useNavigation } from "react-router";
import { buttonClass } from "../../components/ui/button";
import { DataTable } from "../../components/ui/data-table";
import { FilterSelect } from "../../components/ui/filter-select";
import { Note } from "../../components/ui/note";
import { Pagination } from "../../components/ui/pagination";
import { SearchForm } from "../../components/ui/search-form";
import { UtcTime } from "../../components/ui/utc-time";
import { ARTICLE_TYPES } from "./article-form";
import { StatusBadge, stateNames } from "./status-badge";
import type { ArticleListQuery } from "./studio-api";

/** The states the list filters by, in list order (contracts `articleStates`). */
export const ARTICLE_STATES = ["draft", "scheduled", "published"] as const satisfies ArticleState[];

/** The list's query from the URL: unknown values are dropped, not sent. */
export function articleQueryOf(params: URLSearchParams): ArticleListQuery {
  const status = params.get("status");
  const type = params.get("type");
  const authorId = Number(params.get("authorId"));
  const page = Number(params.get("page"));
  return {
    q: params.get("q")?.trim() || undefined,
    status: (ARTICLE_STATES as readonly string[]).includes(status ?? "")
      ? (status as ArticleState)
      : undefined,
    type: (ARTICLE_TYPES as readonly string[]).includes(type ?? "")
      ? (type as ArticleType)
      : undefined,
    authorId: Number.isInteger(authorId) && authorId > 0 ? authorId : undefined,
    page: Number.isInteger(page) && page > 1 ? page : undefined,
  };
}

/**
 * The filters: title search, status, type and, for editors, author (anyone, me, or the author
 * picked by clicking a name in the list). Selects apply at once; the search on Enter or Search.
 */
export function ArticleFilters({
  query,
  viewer,
  canFilterAuthor,
  authorName,
}: {
  query: ArticleListQuery;
  viewer: { id: number; username: string };
  canFilterAuthor: boolean;
  /** The name of the filtered author when it is not the viewer. */
  authorName: string | null;
}) {
  const navigation = useNavigation();
  const busy = navigation.state === "loading" && navigation.location.pathname === "/studio";
  return (
    <SearchForm
      label="Articles"
      searchLabel="Search titles"
      q={query.q ?? ""}
      placeholder="Search titles"
      busy={busy}
    >
      <FilterSelect
        label="Status"
        name="status"
        defaultValue={query.status ?? ""}
        anyLabel="Any status"
        options={ARTICLE_STATES}
        labels={stateNames}
        className="sm:w-36"
      />
      <FilterSelect
        label="Type"
        name="type"
        defaultValue={query.type ?? ""}
        anyLabel="Any type"
        options={ARTICLE_TYPES}
        className="sm:w-36"
      />
      {canFilterAuthor && (
        <FilterSelect
          label="Author"
          name="authorId"
          defaultValue={query.authorId ? String(query.authorId) : ""}
          anyLabel="Anyone"
          className="col-span-2 sm:w-44"
        >
          <option value={viewer.id}>Me ({viewer.username})</option>
          {query.authorId && query.authorId !== viewer.id && (
            <option value={query.authorId}>{authorName ?? `Author #${query.authorId}`}</option>
          )}
        </FilterSelect>
      )}
    </SearchForm>
  );
}

/** A link to the list filtered by this author, other filters kept. */
function authorFilterHref(search: string, authorId: number): string {
  const params = new URLSearchParams(search);
  params.set("authorId", String(authorId));
  params.delete("page");
  return `?${params}`;
}

function Row({
  article,
  search,
  canFilterAuthor,
}: {
  article: StudioArticleSummary;
  search: string;
  canFilterAuthor: boolean;
}) {
  const a = article.attributes;
  const author = a.author ? (
    canFilterAuthor ? (
      <Link
        to={authorFilterHref(search, a.author.id)}
        className="hover:text-ink hover:underline"
        title={`Only articles by ${a.author.username}`}
      >
        {a.author.username}
      </Link>
    ) : (
      a.author.username
    )
  ) : (
    <span className="text-muted">Deleted account</span>
  );
  return (
    <tr className="border-b border-line last:border-0 hover:bg-page/60">
      <td className="max-w-0 px-4 py-2.5">
        <Link
          to={`/studio/articles/${article.id}`}
          className="block truncate font-medium text-ink hover:text-accent focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent"
        >
          {a.title}
        </Link>
        <p className="truncate text-xs text-muted">
          <span className="md:hidden">
            <StatusBadge state={a.state} /> {a.author?.username ?? "Deleted account"} ·{" "}
            <UtcTime iso={a.publishDate} />
          </span>
          <span className="hidden md:inline">/p/{a.slug}</span>
        </p>
      </td>
      <td className="hidden px-3 py-2.5 md:table-cell">
        <StatusBadge state={a.state} />
      </td>
      <td className="hidden px-3 py-2.5 text-sm text-muted lg:table-cell">{a.types.join(", ")}</td>
      <td className="hidden max-w-40 truncate px-3 py-2.5 text-sm md:table-cell">{author}</td>
      <td className="tabular hidden px-3 py-2.5 text-sm whitespace-nowrap text-muted md:table-cell">
        <UtcTime iso={a.publishDate} />
      </td>
      <td className="tabular hidden px-3 py-2.5 text-sm whitespace-nowrap text-muted xl:table-cell">
        <UtcTime iso={a.updatedAt} />
      </td>
    </tr>
  );
}

/** The results: a table (title, status, type, author, publish date, updated) and its pages. */
export function ArticleTable({
  list,
  search,
  canFilterAuthor,
  filtered,
}: {
  list: StudioArticleList;
  search: string;
  canFilterAuthor: boolean;
  /** A search or filter is on (the empty note says so). */
  filtered: boolean;
}) {
  const { pagination } = list.meta;
  if (list.data.length === 0) {
    return (
      <Note>
        {filtered ? (
          <>
            No article matches these filters.{" "}
            <Link to="/studio" className="font-medium text-accent underline">
              Show all articles
            </Link>
          </>
        ) : (
          "No articles yet. Start one with New article."
        )}
      </Note>
    );
  }
  return (
    <>
      <DataTable
        caption={`Articles, ${pagination.total} in all, page ${pagination.page} of ${pagination.pageCount}`}
        columns={[
          { label: "Title" },
          { label: "Status", className: "hidden w-28 md:table-cell" },
          { label: "Type", className: "hidden w-32 lg:table-cell" },
          { label: "Author", className: "hidden w-40 md:table-cell" },
          { label: "Publish date (UTC)", className: "hidden w-44 md:table-cell" },
          { label: "Updated (UTC)", className: "hidden w-44 xl:table-cell" },
        ]}
      >
        {list.data.map((article) => (
          <Row
            key={article.id}
            article={article}
            search={search}
            canFilterAuthor={canFilterAuthor}
          />
        ))}
      </DataTable>
      <Pagination pagination={pagination} label="Article pages" noun={["article", "articles"]} />
    </>
  );
}

/** The "New article" button. */
export function NewArticleLink() {
  return (
    <Link to="/studio/articles/new" className={buttonClass("primary")}>
      New article
    </Link>
  );
}

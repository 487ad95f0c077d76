// The studio's article list (issue #7 "Article list with search and filters by status, type,
// author"): a GET form whose fields are the URL's query, and a dense table of the results.
import type {
  ArticleState,
  ArticleType,
  StudioArticleList,
  StudioArticleSummary,
} from "@pragmatist/contracts";
import { Form, Link, useNavigation, useSubmit } from "react-router";
import { Button, buttonClass } from "../../components/ui/button";
import { SearchIcon } from "../../components/ui/icons";
import { formatDateTimeUtc } from "../../lib/format";
import { ARTICLE_TYPES } from "./article-form";
import type { ArticleListQuery } from "./studio-api";
import { Note, Pagination, SelectField, StatusBadge, TextInput } from "./ui";

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

/** "20 Mar 2026, 08:00" (UTC, said once in the column heading). */
const when = (iso: string) => formatDateTimeUtc(iso).replace(/ UTC$/, "");

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
  const submit = useSubmit();
  const navigation = useNavigation();
  const busy = navigation.state === "loading" && navigation.location.pathname === "/studio";
  const apply = (form: HTMLFormElement | null) => {
    if (form) void submit(form, { replace: true });
  };
  return (
    <Form
      method="get"
      role="search"
      aria-label="Articles"
      className="mb-4 grid grid-cols-2 items-end gap-3 rounded-xl border border-line bg-surface p-3 sm:flex sm:flex-wrap"
    >
      <div className="col-span-2 flex items-end gap-2 sm:min-w-64 sm:flex-1">
        <TextInput
          label="Search titles"
          type="search"
          name="q"
          defaultValue={query.q ?? ""}
          placeholder="Search titles"
          className="flex-1"
          maxLength={200}
        />
        <Button type="submit" variant="secondary" aria-label="Search" disabled={busy}>
          <SearchIcon size={16} />
          <span className="hidden sm:inline">Search</span>
        </Button>
      </div>
      <SelectField
        label="Status"
        name="status"
        defaultValue={query.status ?? ""}
        onChange={(e) => apply(e.currentTarget.form)}
        className="sm:w-36"
      >
        <option value="">Any status</option>
        <option value="draft">Draft</option>
        <option value="scheduled">Scheduled</option>
        <option value="published">Published</option>
      </SelectField>
      <SelectField
        label="Type"
        name="type"
        defaultValue={query.type ?? ""}
        onChange={(e) => apply(e.currentTarget.form)}
        className="sm:w-36"
      >
        <option value="">Any type</option>
        {ARTICLE_TYPES.map((t) => (
          <option key={t} value={t}>
            {t}
          </option>
        ))}
      </SelectField>
      {canFilterAuthor && (
        <SelectField
          label="Author"
          name="authorId"
          defaultValue={query.authorId ? String(query.authorId) : ""}
          onChange={(e) => apply(e.currentTarget.form)}
          className="col-span-2 sm:w-44"
        >
          <option value="">Anyone</option>
          <option value={viewer.id}>Me ({viewer.username})</option>
          {query.authorId && query.authorId !== viewer.id && (
            <option value={query.authorId}>{authorName ?? `Author #${query.authorId}`}</option>
          )}
        </SelectField>
      )}
    </Form>
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
            {when(a.publishDate)}
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
        <time dateTime={a.publishDate}>{when(a.publishDate)}</time>
      </td>
      <td className="tabular hidden px-3 py-2.5 text-sm whitespace-nowrap text-muted xl:table-cell">
        <time dateTime={a.updatedAt}>{when(a.updatedAt)}</time>
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
      <div className="overflow-hidden rounded-xl border border-line bg-surface">
        <table className="w-full table-fixed border-collapse text-left">
          <caption className="sr-only">
            Articles, {pagination.total} in all, page {pagination.page} of {pagination.pageCount}
          </caption>
          <thead className="border-b border-line bg-page/60 text-xs font-semibold tracking-wide text-muted uppercase">
            <tr>
              <th scope="col" className="px-4 py-2">
                Title
              </th>
              <th scope="col" className="hidden w-28 px-3 py-2 md:table-cell">
                Status
              </th>
              <th scope="col" className="hidden w-32 px-3 py-2 lg:table-cell">
                Type
              </th>
              <th scope="col" className="hidden w-40 px-3 py-2 md:table-cell">
                Author
              </th>
              <th scope="col" className="hidden w-44 px-3 py-2 md:table-cell">
                Publish date (UTC)
              </th>
              <th scope="col" className="hidden w-44 px-3 py-2 xl:table-cell">
                Updated (UTC)
              </th>
            </tr>
          </thead>
          <tbody>
            {list.data.map((article) => (
              <Row
                key={article.id}
                article={article}
                search={search}
                canFilterAuthor={canFilterAuthor}
              />
            ))}
          </tbody>
        </table>
      </div>
      <p className="tabular mt-2 text-xs text-muted">
        {pagination.total} {pagination.total === 1 ? "article" : "articles"}
      </p>
      <Pagination
        page={pagination.page}
        pageCount={pagination.pageCount}
        search={search}
        label="Article pages"
      />
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

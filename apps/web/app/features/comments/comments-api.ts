// Same-origin calls of the comment manager (docs/product/api.md#api-comments). Small on
// purpose: it loads with the comments panel, after the article; the session cookie goes along
// with every call.
import type {
  Comment,
  CommentPage,
  CommentSort,
  MentionSuggestion,
  ReportBody,
} from "@pragmatist/contracts";

/** A refused call: the HTTP status and the server's sentence (Strapi error body), if any. */
export class CommentCallError extends Error {
  readonly status: number;

  constructor(status: number, message: string) {
    super(message);
    this.name = "CommentCallError";
    this.status = status;
  }
}

const BASE = "/api/comment-manager";

/**
 * JSON over fetch. Reads ask the server every time (`cache: "no-cache"`, answered 304 when
 * nothing changed): the thread is a public answer a browser may otherwise reuse stale for a while
 * (stale-while-revalidate, docs/architecture.md#caching), and a reader must see their own post.
 * `signal` aborts it.
 * @throws CommentCallError on a non-2xx answer (message from the error body, or a plain sentence);
 * fetch's TypeError when offline, an AbortError when aborted.
 */
async function call<T>(
  path: string,
  method = "GET",
  body?: unknown,
  base = BASE,
  signal: AbortSignal | null = null,
): Promise<T> {
  const res = await fetch(base + path, {
    method,
    signal,
    cache: "no-cache",
    headers:
      body === undefined ? { accept: "application/json" } : { "content-type": "application/json" },
    body: body === undefined ? null : JSON.stringify(body),
  });
  if (!res.ok) {
    let message = "";
    try {
      message = ((await res.json()) as { error?: { message?: string } }).error?.message ?? "";
    } catch {
      // Not JSON: the sentence below.
    }
    throw new CommentCallError(res.status, message || "Something went wrong. Please try again.");
  }
  return (res.status === 204 ? null : await res.json()) as T;
}

const id = (n: number) => encodeURIComponent(String(n));

/**
 * A page of a thread as the panel asks for it: top-level comments in `sort` (after `cursor`), the
 * replies of `parent` (after `cursor`), or the thread `around` a comment.
 */
export type ThreadPageQuery =
  | { sort: CommentSort; cursor?: string | null }
  | { parent: number; cursor?: string | null }
  | { around: number };

/** The query string of `query` (docs/product/api.md#api-comments), always paged. */
function threadQuery(query: ThreadPageQuery): string {
  const params = new URLSearchParams(
    "around" in query
      ? { around: String(query.around) }
      : "parent" in query
        ? { parent: String(query.parent) }
        : // A limit makes the first page a page (the call without one answers every comment).
          { sort: query.sort, limit: "20" },
  );
  if ("cursor" in query && query.cursor) params.set("cursor", query.cursor);
  return params.toString();
}

/** The studio's moderation calls (docs/product/studio.md#studio-moderation). */
const STUDIO = "/api/studio";

/**
 * The comment manager's calls (/api/comment-manager): read a page of a discussion (top-level
 * comments in a sort after a cursor, the folded replies of one comment, or the thread around one)
 * and its count, post a
 * comment, reply, edit, remove, report, toggle a like (the new state and count), preview a
 * text as its comment would show under the article (`contentHtml`, its mentions linked; nothing
 * stored), and the members one may mention there whose name holds `q` (`mentions`); and for
 * editors and admins the studio's hide and delete of another's comment, which the audit log
 * records and which answer the comment's open reports.
 * Each rejects as `call` does: CommentCallError for a refusal, TypeError when offline.
 */
export const commentsApi = {
  page: (slug: string, query: ThreadPageQuery) =>
    call<CommentPage>(`/comments/${encodeURIComponent(slug)}?${threadQuery(query)}`),
  count: (slug: string) =>
    call<{ count: number }>(`/comments/${encodeURIComponent(slug)}/count`).then((r) => r.count),
  post: (slug: string, content: string) =>
    call<Comment>(`/comments/${encodeURIComponent(slug)}`, "POST", { content }),
  reply: (parentId: number, content: string) =>
    call<Comment>(`/subcomments/${id(parentId)}`, "POST", { content }),
  preview: (content: string, article: string) =>
    call<{ contentHtml: string }>("/preview", "POST", { content, article }),
  mentions: (slug: string, q: string, signal: AbortSignal) =>
    call<{ data: MentionSuggestion[] }>(
      `/comments/${encodeURIComponent(slug)}/mentions?${new URLSearchParams({ q })}`,
      "GET",
      undefined,
      BASE,
      signal,
    ).then((r) => r.data),
  edit: (commentId: number, content: string) =>
    call<Comment>(`/comments/${id(commentId)}`, "PUT", { content }),
  remove: (commentId: number) => call<unknown>(`/comments/${id(commentId)}`, "DELETE"),
  report: (commentId: number, report: ReportBody) =>
    call<unknown>(`/comments/${id(commentId)}/report`, "POST", report),
  like: (commentId: number) =>
    call<{ liked: boolean; likeCount: number }>(`/comments/${id(commentId)}/like`, "POST", {}),
  hide: (commentId: number) =>
    call<unknown>(`/comments/${id(commentId)}/hide`, "POST", undefined, STUDIO),
  moderatorRemove: (commentId: number) =>
    call<unknown>(`/comments/${id(commentId)}`, "DELETE", undefined, STUDIO),
};

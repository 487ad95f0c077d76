// Browser calls of the studio (server: apps/server/src/modules/studio/*.routes.ts):
// same-origin fetches with the session cookie. Types only from contracts: no zod in the bundle.
import type {
  ArticleChanges,
  ArticleInput,
  ArticleState,
  ArticleStats,
  ArticleType,
  AuditAction,
  AuditEntry,
  Ban,
  MemberList,
  PaginationMeta,
  ModeratedComment,
  Revision,
  RevisionSummary,
  Role,
  StudioArticle,
  StudioArticleList,
  StudioMember,
  StudioTerms,
  Subscriber,
  UploadedFile,
} from "@pragmatist/contracts";
import { call, uploadImageTo } from "../../lib/account-api";

type Query = Record<string, string | number | undefined>;

/** `path?query` from the defined, non-empty values. */
function withQuery(path: string, query: Query): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== "") params.set(key, String(value));
  }
  const qs = params.toString();
  return qs ? `${path}?${qs}` : path;
}

const id = (n: number) => encodeURIComponent(String(n));

/** A page of a studio list: the items and the Strapi-style pagination meta. */
export interface Page<T> {
  data: T[];
  meta: { pagination: PaginationMeta };
}

/**
 * The filters of the studio's article list (`?q`, `?status`, `?type`, `?authorId`, `?page`);
 * undefined ones are not sent.
 */
export interface ArticleListQuery {
  q?: string | undefined;
  status?: ArticleState | undefined;
  type?: ArticleType | undefined;
  authorId?: number | undefined;
  page?: number | undefined;
}

/** A newsletter subscriber's status: pending (not confirmed yet), confirmed or unsubscribed. */
export type SubscriberStatus = Subscriber["status"];

/**
 * The studio's API calls. Each throws ApiError on a non-2xx answer (the server's message and
 * status; 401 session ended, 403 role too low, 404 gone) and TypeError when offline; calls that
 * take a `signal` are aborted with it.
 */
export const studioApi = {
  /** `GET /api/studio/articles`: 20 a page, newest first (authors: their own only). */
  listArticles(query: ArticleListQuery, signal?: AbortSignal): Promise<StudioArticleList> {
    return call("GET", withQuery("/api/studio/articles", { ...query }), undefined, signal);
  },

  /** `GET /api/studio/articles/{id}`: the article in any status, with its Markdown. */
  async getArticle(articleId: number, signal?: AbortSignal): Promise<StudioArticle> {
    const url = `/api/studio/articles/${id(articleId)}`;
    return (await call<{ data: StudioArticle }>("GET", url, undefined, signal)).data;
  },

  /** `POST /api/articles` `{ data }`: a new article (a draft unless `status` says otherwise). */
  async createArticle(data: ArticleInput): Promise<StudioArticle> {
    return (await call<{ data: StudioArticle }>("POST", "/api/articles", { data })).data;
  },

  /**
   * `PUT /api/articles/{id}` `{ data }`; `data.updatedAt` is the version last seen.
   * @throws ApiError 409 when the article changed since that version (nothing written).
   */
  async updateArticle(articleId: number, data: ArticleChanges): Promise<StudioArticle> {
    const url = `/api/articles/${id(articleId)}`;
    return (await call<{ data: StudioArticle }>("PUT", url, { data })).data;
  },

  /** `DELETE /api/articles/{id}`. */
  async deleteArticle(articleId: number): Promise<void> {
    await call("DELETE", `/api/articles/${id(articleId)}`);
  },

  /** `GET …/{id}/revisions`: newest first, without content. */
  async listRevisions(articleId: number, signal?: AbortSignal): Promise<RevisionSummary[]> {
    const url = `/api/studio/articles/${id(articleId)}/revisions`;
    return (await call<{ data: RevisionSummary[] }>("GET", url, undefined, signal)).data;
  },

  /** `GET …/{id}/revisions/{revisionId}`: one revision with its content. */
  async getRevision(articleId: number, revisionId: number): Promise<Revision> {
    const url = `/api/studio/articles/${id(articleId)}/revisions/${id(revisionId)}`;
    return (await call<{ data: Revision }>("GET", url)).data;
  },

  /** `POST …/revisions/{revisionId}/restore`: the revision's text back, as a new save. */
  async restoreRevision(articleId: number, revisionId: number): Promise<StudioArticle> {
    const url = `/api/studio/articles/${id(articleId)}/revisions/${id(revisionId)}/restore`;
    return (await call<{ data: StudioArticle }>("POST", url)).data;
  },

  /** `GET …/{id}/stats`: the last 30 UTC days. */
  async stats(articleId: number, signal?: AbortSignal): Promise<ArticleStats> {
    const url = `/api/studio/articles/${id(articleId)}/stats`;
    return (await call<{ data: ArticleStats }>("GET", url, undefined, signal)).data;
  },

  /**
   * `POST /api/studio/images`: an image for an article's text, stored at most 1600 px with its
   * smaller copies (docs/product/studio.md#studio-images).
   */
  uploadArticleImage(file: File): Promise<UploadedFile> {
    return uploadImageTo("/api/studio/images", file);
  },

  /** `GET /api/studio/terms`: the categories, tags and ecosystems in use, most used first. */
  async terms(signal?: AbortSignal): Promise<StudioTerms> {
    return (await call<{ data: StudioTerms }>("GET", "/api/studio/terms", undefined, signal)).data;
  },

  /**
   * `GET /api/studio/reports`: reported comments; `open` those with reports no moderator answered,
   * `all` the answered ones too.
   */
  reports(
    query: { include: "open" | "all"; page?: number | undefined; pageSize?: number | undefined },
    signal?: AbortSignal,
  ): Promise<Page<ModeratedComment>> {
    return call("GET", withQuery("/api/studio/reports", { ...query }), undefined, signal);
  },

  /**
   * `GET /api/studio/comments`: every comment, newest first, or only reported or hidden ones; by
   * one member, on one article.
   */
  comments(
    query: {
      show: "all" | "reported" | "hidden";
      member?: number | undefined;
      article?: number | undefined;
      page?: number | undefined;
    },
    signal?: AbortSignal,
  ): Promise<Page<ModeratedComment>> {
    return call("GET", withQuery("/api/studio/comments", { ...query }), undefined, signal);
  },

  /** How many comments have open reports (the queue's count, for the studio's badge). */
  async openReportCount(signal?: AbortSignal): Promise<number> {
    const page = await this.reports({ include: "open", pageSize: 1 }, signal);
    return page.meta.pagination.total;
  },

  /**
   * `POST /api/studio/comments/{id}/reports/resolve` or `…/dismiss`: the comment's open reports
   * answered without hiding or deleting it.
   */
  async answerReports(commentId: number, verb: "resolve" | "dismiss"): Promise<void> {
    await call("POST", `/api/studio/comments/${id(commentId)}/reports/${verb}`);
  },

  /** `POST /api/studio/comments/{id}/hide` or `/unhide`. */
  async setCommentHidden(commentId: number, hidden: boolean): Promise<void> {
    await call("POST", `/api/studio/comments/${id(commentId)}/${hidden ? "hide" : "unhide"}`);
  },

  /** `DELETE /api/studio/comments/{id}`: its text is erased; replies stay. */
  async deleteComment(commentId: number): Promise<void> {
    await call("DELETE", `/api/studio/comments/${id(commentId)}`);
  },

  /** `POST /api/studio/members/{id}/ban` `{ reason }`: no more commenting. */
  async ban(userId: number, reason: string): Promise<Ban> {
    const url = `/api/studio/members/${id(userId)}/ban`;
    return (await call<{ data: Ban }>("POST", url, { reason })).data;
  },

  /** `POST /api/studio/members/{id}/unban`. */
  async unban(userId: number): Promise<void> {
    await call("POST", `/api/studio/members/${id(userId)}/unban`);
  },

  /** `GET /api/studio/members` (admins): by part of the name or email, and by role. */
  members(
    query: { q?: string | undefined; role?: Role | undefined; page?: number | undefined },
    signal?: AbortSignal,
  ): Promise<MemberList> {
    return call("GET", withQuery("/api/studio/members", { ...query }), undefined, signal);
  },

  /** `PUT /api/studio/members/{id}/role` (admins; 409 for the last admin stepping down). */
  async setRole(userId: number, role: Role): Promise<StudioMember> {
    const url = `/api/studio/members/${id(userId)}/role`;
    return (await call<{ data: StudioMember }>("PUT", url, { role })).data;
  },

  /** `GET /api/studio/subscribers`: 50 a page. */
  subscribers(
    query: {
      q?: string | undefined;
      status?: SubscriberStatus | undefined;
      page?: number | undefined;
    },
    signal?: AbortSignal,
  ): Promise<Page<Subscriber>> {
    return call("GET", withQuery("/api/studio/subscribers", { ...query }), undefined, signal);
  },

  /** `GET /api/studio/audit`: newest first, 50 a page. */
  audit(
    query: { action?: AuditAction | undefined; page?: number | undefined },
    signal?: AbortSignal,
  ): Promise<Page<AuditEntry>> {
    return call("GET", withQuery("/api/studio/audit", { ...query }), undefined, signal);
  },
};

/** Where the confirmed subscribers' CSV downloads from (a plain link: the cookie signs it). */
export const SUBSCRIBERS_CSV_URL = "/api/studio/subscribers.csv";

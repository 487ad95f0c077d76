// Rules of comments (docs/product/reader.md#comment-thread, docs/product/data.md#entity-comment,
// docs/product/api.md#api-comments): who may post, edit, delete, report, like and hide;
// how a thread looks to a reader is comment-thread.ts.
import type {
  Comment,
  CommentPage,
  CommentPageQuery,
  CommentSort,
  MentionSuggestion,
  ReportBody,
  Role,
} from "@pragmatist/contracts";
import type { Kysely } from "kysely";
import type { Db } from "../../db/client.ts";
import type { Database } from "../../db/schema.ts";
import { ForbiddenError, NotFoundError } from "../../errors.ts";
import type { RateLimit, RateLimits } from "../../plugins/rate-limit.ts";
import { renderCommentHtml } from "../../text/comment-markdown.ts";
import { previewMentionLinks, storeMentions, suggestMentions } from "./comment-mentions.ts";
import { findPage } from "./comment-pages.ts";
import { buildThread, readerMarks, toComment } from "./comment-thread.ts";
import { countVisible } from "./comment-count.repository.ts";
import * as repo from "./comments.repository.ts";
import type {
  CommentingBans,
  CommentingEmails,
  CommentNotices,
  ModerationRecord,
} from "./comments.types.ts";

/** The member acting: their id and role (editors and admins moderate). */
export interface Actor {
  id: number;
  role: Role;
}

/** Comments under articles: the reader's thread, posting, and the actions on one comment. */
export interface CommentsService {
  /**
   * The article's thread, the same for every reader: top-level comments ordered by `sort`
   * ("best": most liked first, then newest; "newest"; "oldest"), replies nested to any depth,
   * oldest first. Hidden comments vanish with their replies; a deleted comment stays as an empty,
   * author-less tombstone only while it has visible replies. Two queries whatever the size of the
   * thread. @throws NotFoundError for an unknown, draft or future-dated article.
   */
  list(slug: string, sort: CommentSort): Promise<Comment[]>;
  /** One page of the thread, readers' view (comment-pages.ts `findPage`); null: no such article. */
  findPage(slug: string, query: CommentPageQuery): Promise<CommentPage | null>;
  /** As `findPage`. @throws NotFoundError for an unknown, draft or future-dated article. */
  listPage(slug: string, query: CommentPageQuery): Promise<CommentPage>;
  /**
   * The ids of the article's comments and replies the member likes and wrote, among those the
   * thread shows with their text (`list`: not deleted, not hidden nor under a hidden comment),
   * in id order, for GET /api/viewer (docs/architecture.md#caching). One light query over the
   * article's comments; the article's publication is the caller's to check.
   */
  readerMarks(
    articleId: number,
    userId: number,
  ): Promise<{ likedComments: number[]; ownComments: number[] }>;
  /**
   * Visible, non-deleted comments and replies of the article: the comments a reader can read in
   * `list` (the same figure as the article's `commentCount`). @throws NotFoundError
   */
  count(slug: string): Promise<number>;
  /**
   * Posts a top-level comment as written (Markdown, stored as sent and rendered on every read;
   * `content` already trimmed and checked by the contract, 1..5,000 characters). Rate limited: 5 a minute, 100 a day per member, replies
   * included (429). @throws NotFoundError for an unknown, draft or future-dated article.
   */
  create(userId: number, slug: string, content: string): Promise<Comment>;
  /**
   * Replies to a comment, in the parent's article by construction. Same limits as `create`.
   * @throws NotFoundError when the parent is unknown, deleted or hidden for readers.
   */
  reply(userId: number, parentId: number, content: string): Promise<Comment>;
  /**
   * Replaces the text of the actor's own comment and marks it edited, and the members it mentions
   * (notifying nobody: docs/product/reader.md#mentions); the answer carries no replies
   * (`subcomments: []`). @throws NotFoundError (unknown, deleted, hidden), ForbiddenError (not
   * the author).
   */
  edit(actor: Actor, id: number, content: string): Promise<Comment>;
  /**
   * Soft-deletes a comment: its author, or an editor or admin. The text is erased; replies stay.
   * A moderator's delete of another's comment is moderation: the `ModerationRecord` is written in
   * the same transaction (both or neither); an author's delete of their own comment, whatever
   * their role, is not (docs/product/studio.md#studio-moderation).
   * @throws NotFoundError (unknown or already deleted), ForbiddenError.
   */
  remove(actor: Actor, id: number): Promise<{ deleted: true }>;
  /**
   * Reports a comment to the editors with `report.reason` (contracts `reportReasons`) and, for
   * "other", an optional `note` (docs/product/reader.md#comment-actions), kept for the moderation
   * queue; once per member (a repeat changes nothing and answers the same).
   * @throws NotFoundError (unknown, deleted, hidden), ForbiddenError (own comment).
   */
  report(userId: number, id: number, report: ReportBody): Promise<{ reported: true }>;
  /** Likes the comment or takes the like back (race-free). @throws NotFoundError */
  toggleLike(userId: number, id: number): Promise<{ liked: boolean; likeCount: number }>;
  /**
   * Hides a comment (and so its replies) from readers, or shows it again; editors and admins
   * only, so always moderation: the `ModerationRecord` is written in the same transaction.
   * @throws NotFoundError (unknown), ForbiddenError (other roles).
   */
  setHidden(actor: Actor, id: number, hidden: boolean): Promise<{ hidden: boolean }>;
  /**
   * `content` as its comment would show it (`Comment.contentHtml`, the one renderer:
   * text/comment-markdown.ts), its mentions linked as under the published article `slug` when
   * given (an unknown one links none); nothing is stored (docs/product/reader.md#comment-composer).
   */
  preview(content: string, slug?: string): Promise<{ contentHtml: string }>;
  /**
   * The members `userId` may mention under the published article `slug` whose name contains `q`
   * (comment-mentions.ts `suggestMentions`, docs/product/reader.md#mentions).
   * @throws NotFoundError for an unknown, draft or future-dated article.
   */
  mentionSuggestions(userId: number, slug: string, q: string): Promise<MentionSuggestion[]>;
}

/** The roles that moderate comments (docs/product/accounts.md#permission-matrix). */
const MODERATORS = new Set<Role>(["editor", "admin"]);

/**
 * Whether the role may delete others' comments and hide comments
 * (docs/product/accounts.md#permission-matrix).
 */
export function canModerate(role: Role): boolean {
  return MODERATORS.has(role);
}

/**
 * What the comments service runs with: the query builder, the clock, the limits, the bans, the
 * moderation record and who is told of a comment (`notices`).
 */
interface CommentsContext {
  k: Kysely<Database>;
  /** The current instant, ISO 8601: dates rows and decides which articles are published. */
  now: () => string;
  perMinute: RateLimit;
  perDay: RateLimit;
  bans: CommentingBans | undefined;
  emails: CommentingEmails | undefined;
  moderation: ModerationRecord;
  notices: CommentNotices | undefined;
}

/** The id of the published article `slug` readers can see, or a 404. */
async function articleIdOr404(ctx: CommentsContext, slug: string): Promise<number> {
  const articleId = await repo.findPublishedArticleId(ctx.k, slug, ctx.now());
  if (articleId === null) throw new NotFoundError("Article not found");
  return articleId;
}

/** The article's whole built thread, or a 404 when it is unknown, a draft or future-dated. */
async function findOr404(ctx: CommentsContext, slug: string, sort: CommentSort) {
  const articleId = await articleIdOr404(ctx, slug);
  return buildThread(await repo.findByArticle(ctx.k, articleId, ctx.now()), sort);
}

/**
 * The comment's state when readers can see it, or a 404; `allowHidden` for moderation and
 * deletion, `allowDeleted` for hiding.
 */
async function visible(
  ctx: CommentsContext,
  id: number,
  options: { allowHidden?: boolean; allowDeleted?: boolean },
) {
  const state = await repo.findState(ctx.k, id, ctx.now());
  if (
    !state ||
    !state.articlePublished ||
    (state.deleted && !options.allowDeleted) ||
    (state.hiddenForReaders && !options.allowHidden)
  ) {
    throw new NotFoundError("Comment not found");
  }
  return state;
}

/** One comment as readers see it, without replies. @throws NotFoundError */
async function one(ctx: CommentsContext, id: number): Promise<Comment> {
  const row = await repo.findById(ctx.k, id, ctx.now());
  if (!row) throw new NotFoundError("Comment not found");
  return toComment(row, []);
}

/** The 403 of a member whose email is not verified: what to do is in the sentence. */
export const EMAIL_UNVERIFIED_MESSAGE =
  "Please verify your email address to comment: open the link we mailed you, or send a new one from your account page.";

/**
 * Posts a comment (`parentId` null) or a reply: refused to banned members and to members whose
 * email is not verified (403), then counted against both posting limits (429).
 * @returns the new comment.
 */
async function post(
  ctx: CommentsContext,
  userId: number,
  articleId: number,
  parentId: number | null,
  content: string,
) {
  const ban = await ctx.bans?.findCommentingBan(userId);
  if (ban) throw new ForbiddenError(`You have been banned from commenting: ${ban.reason}`);
  if (ctx.emails && !(await ctx.emails.isEmailVerified(userId))) {
    throw new ForbiddenError(EMAIL_UNVERIFIED_MESSAGE);
  }
  await ctx.perMinute.consume(`user:${userId}`);
  await ctx.perDay.consume(`user:${userId}`);
  const at = ctx.now();
  // The comment and its notifications together (docs/product/reader.md#notifications).
  const id = await ctx.k.transaction().execute(async (trx) => {
    const id = await repo.insert(trx, { articleId, parentId, authorId: userId, content, now: at });
    const mentioned = await storeMentions(trx, { id, articleId, content });
    await ctx.notices?.posted(trx, {
      id,
      articleId,
      parentId,
      authorId: userId,
      content,
      mentioned,
      at,
    });
    return id;
  });
  return one(ctx, id);
}

/** `CommentsService.create`. */
async function create(ctx: CommentsContext, userId: number, slug: string, content: string) {
  return post(ctx, userId, await articleIdOr404(ctx, slug), null, content);
}

/** `CommentsService.edit`. */
async function edit(ctx: CommentsContext, actor: Actor, id: number, content: string) {
  const state = await visible(ctx, id, {});
  if (state.author_id !== actor.id) {
    throw new ForbiddenError("Only its author can edit a comment");
  }
  const updated = await ctx.k.transaction().execute(async (trx) => {
    if (!(await repo.updateContent(trx, id, content, ctx.now()))) return false;
    await storeMentions(trx, { id, articleId: state.article_id, content });
    return true;
  });
  if (!updated) throw new NotFoundError("Comment not found");
  return one(ctx, id);
}

/** `CommentsService.preview`. */
async function preview(ctx: CommentsContext, content: string, slug: string | undefined) {
  const articleId = slug ? await repo.findPublishedArticleId(ctx.k, slug, ctx.now()) : null;
  const mentions = await previewMentionLinks(ctx.k, articleId, content, ctx.now());
  return { contentHtml: renderCommentHtml(content, mentions) };
}

/**
 * `CommentsService.remove`: the soft delete and, for a moderator's delete of another's comment,
 * its moderation record in one transaction.
 */
async function remove(ctx: CommentsContext, actor: Actor, id: number): Promise<{ deleted: true }> {
  const state = await visible(ctx, id, { allowHidden: true });
  const own = state.author_id === actor.id;
  if (!own && !canModerate(actor.role)) {
    throw new ForbiddenError("Only its author or an editor can delete a comment");
  }
  const at = ctx.now();
  const deleted = await ctx.k.transaction().execute(async (trx) => {
    if (!(await repo.softDelete(trx, id, at))) return false;
    await ctx.notices?.deleted(trx, id);
    if (!own) {
      await ctx.moderation.record(trx, { actorId: actor.id, commentId: id, action: "delete", at });
    }
    return true;
  });
  if (!deleted) throw new NotFoundError("Comment not found");
  return { deleted: true };
}

/** `CommentsService.report`. */
async function report(
  ctx: CommentsContext,
  userId: number,
  id: number,
  { reason, note }: ReportBody,
): Promise<{ reported: true }> {
  const state = await visible(ctx, id, {});
  if (state.author_id === userId) throw new ForbiddenError("You cannot report your own comment");
  await repo.insertReport(ctx.k, {
    commentId: id,
    userId,
    reason,
    note: note || null,
    now: ctx.now(),
  });
  return { reported: true };
}

/** `CommentsService.setHidden`: the hide (or unhide) and its moderation record in one transaction. */
async function setHidden(
  ctx: CommentsContext,
  actor: Actor,
  id: number,
  hidden: boolean,
): Promise<{ hidden: boolean }> {
  if (!canModerate(actor.role)) throw new ForbiddenError("Only editors can hide comments");
  await visible(ctx, id, { allowHidden: true, allowDeleted: true });
  const at = ctx.now();
  const action = hidden ? "hide" : "unhide";
  await ctx.k.transaction().execute(async (trx) => {
    await repo.setHidden(trx, id, hidden ? { by: actor.id, now: at } : null);
    // Shown again only when no comment above it is still hidden (the walk findState makes).
    const shown = !hidden && !(await repo.findState(trx, id, at))?.hiddenForReaders;
    if (hidden || shown) await ctx.notices?.hidden(trx, id, hidden, at);
    await ctx.moderation.record(trx, { actorId: actor.id, commentId: id, action, at });
  });
  return { hidden };
}

/**
 * Builds the comments service; `now` dates rows and decides which articles are published;
 * `bans` (the studio's) refuses posts by banned members, `emails` (the accounts') by members
 * whose email is not verified; `moderation` (the studio's) records each moderator's hide, unhide
 * and delete with the action; `notices` (the notifications') is told of every post, hide, unhide
 * and delete in its transaction; `changed` hears of every post, edit, hide and
 * delete (the publication watch: cached public pages show the discussion as it now is).
 */
export function createCommentsService(
  db: Db,
  deps: {
    limits: RateLimits;
    now?: () => Date;
    bans?: CommentingBans;
    emails?: CommentingEmails;
    moderation: ModerationRecord;
    notices?: CommentNotices;
    changed?: () => void;
  },
): CommentsService {
  const ctx: CommentsContext = {
    k: db.kysely,
    now: () => (deps.now ?? (() => new Date()))().toISOString(),
    perMinute: deps.limits.of("comment-minute"),
    perDay: deps.limits.of("comment-day"),
    bans: deps.bans,
    emails: deps.emails,
    moderation: deps.moderation,
    notices: deps.notices,
  };
  /** Tells `deps.changed` once `write` has succeeded. */
  async function changing<T>(write: Promise<T>): Promise<T> {
    const result = await write;
    deps.changed?.();
    return result;
  }
  return {
    list: (slug, sort) => findOr404(ctx, slug, sort),
    findPage: (slug, query) => findPage(ctx.k, ctx.now(), slug, query),
    async listPage(slug, query) {
      const page = await findPage(ctx.k, ctx.now(), slug, query);
      if (!page) throw new NotFoundError("Article not found");
      return page;
    },
    count: async (slug) => countVisible(ctx.k, await articleIdOr404(ctx, slug)),
    readerMarks: async (articleId, userId) =>
      readerMarks(await repo.findReaderMarks(ctx.k, articleId, userId), userId),
    create: (userId, slug, content) => changing(create(ctx, userId, slug, content)),
    async reply(userId, parentId, content) {
      const parent = await visible(ctx, parentId, {});
      return changing(post(ctx, userId, parent.article_id, parent.id, content));
    },
    edit: (actor, id, content) => changing(edit(ctx, actor, id, content)),
    remove: (actor, id) => changing(remove(ctx, actor, id)),
    report: (userId, id, body) => report(ctx, userId, id, body),
    async toggleLike(userId, id) {
      await visible(ctx, id, {});
      const liked = await repo.toggleLike(ctx.k, id, userId, ctx.now());
      return { liked, likeCount: await repo.findLikeCount(ctx.k, id) };
    },
    setHidden: (actor, id, hidden) => changing(setHidden(ctx, actor, id, hidden)),
    preview: (content, slug) => preview(ctx, content, slug),
    async mentionSuggestions(userId, slug, q) {
      const articleId = await repo.findPublishedArticleId(ctx.k, slug, ctx.now());
      if (articleId === null) throw new NotFoundError("Article not found");
      return suggestMentions(ctx.k, { articleId, askerId: userId, q });
    },
  };
}

// Rules of moderation (docs/product/studio.md#studio): the queue of reported comments, hiding,
// unhiding and deleting through the comments service (which writes the record built here with
// each), and bans from commenting; every action audited.
import type { PublicationWatch } from "./publication-watch.ts";
import type {
  AuditAction,
  Ban,
  ModeratedComment,
  PaginationMeta,
  StudioCommentQuery,
} from "@pragmatist/contracts";
import { DELETED_MEMBER_NAME, describeReport, paginationMeta } from "@pragmatist/contracts";
import type { Db } from "../../db/client.ts";
import { ForbiddenError, NotFoundError, ValidationError } from "../../errors.ts";
import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.ts";
import type { CommentsService } from "../comments/comments.service.ts";
import type {
  CommentingBans,
  ModerationAction,
  ModerationRecord,
} from "../comments/comments.types.ts";
import { type RenderedMention, renderCommentHtml } from "../../text/comment-markdown.ts";
import { findMentionLinks } from "../comments/comment-mentions.ts";
import { recordAudit } from "../access/audit.ts";
import { findMember } from "./members.repository.ts";
import * as repo from "./moderation.repository.ts";
import { memberRef } from "../access/member-ref.ts";
import { type Actor, authorize } from "../access/policy.ts";

/** A page of comments as moderation lists them. */
type ModeratedPage = { data: ModeratedComment[]; meta: { pagination: PaginationMeta } };

/**
 * The studio's moderation: the reports queue, every comment, hide, unhide and delete of comments,
 * answers to reports, bans.
 */
export interface ModerationService {
  /**
   * Reported comments with how many reports and the reasons given, most recently reported first.
   * `include: "open"` (default) lists those with a report no moderator answered. Editors and
   * admins.
   */
  reports(
    actor: Actor | null,
    query: { include: "open" | "all"; page: number; pageSize: number },
  ): Promise<ModeratedPage>;
  /**
   * Every comment of the site, newest first, each with its reports as in `reports`: all of them,
   * or only those ever reported or hidden (`show`), by one member, on one article. Editors and
   * admins.
   */
  comments(actor: Actor | null, query: StudioCommentQuery): Promise<ModeratedPage>;
  /**
   * Hides a comment and its replies from readers, or shows them again (the comments service's
   * hide, which records it: `createModerationRecord`). @throws NotFoundError, 401/403.
   */
  setHidden(actor: Actor | null, commentId: number, hidden: boolean): Promise<{ hidden: boolean }>;
  /**
   * Deletes a comment as its author could (text erased, replies kept) through the comments
   * service, which records it when it is another's (`createModerationRecord`).
   * @throws NotFoundError, 401/403.
   */
  deleteComment(actor: Actor | null, commentId: number): Promise<{ deleted: true }>;
  /**
   * Answers a comment's open reports without hiding or deleting it: "resolved" (dealt with
   * otherwise) or "dismissed" (nothing wrong); kept with the moderator and the time, and audited.
   * Hiding or deleting a comment answers its open reports as "hidden" or "deleted" the same way.
   * @returns how many reports were answered.
   * @throws NotFoundError (no such comment), ValidationError (no open reports), 401/403.
   */
  answerReports(
    actor: Actor | null,
    commentId: number,
    outcome: "resolved" | "dismissed",
  ): Promise<{ outcome: "resolved" | "dismissed"; answered: number }>;
  /**
   * Bans a member or author from commenting with a reason they are shown (a repeat replaces the
   * reason); audited. Editors and admins cannot be banned, nor can moderators ban themselves.
   * @throws NotFoundError (no live member), ForbiddenError, ValidationError.
   */
  ban(actor: Actor | null, userId: number, reason: string): Promise<Ban>;
  /** Lifts a ban (audited when there was one). @throws NotFoundError (no live member). */
  unban(actor: Actor | null, userId: number): Promise<{ banned: false }>;
}

/**
 * What the comments service asks before a member posts a comment or a reply (wired in app.ts,
 * built before the comments service): the member's ban with its reason, or null; one read.
 */
export function createCommentingBans(db: Db): CommentingBans {
  return {
    async findCommentingBan(userId) {
      const ban = await repo.findBan(db.kysely, userId);
      return ban ? { reason: ban.reason } : null;
    },
  };
}

/** The audit action of each moderator's action on a comment, and the answer it gives reports. */
const RECORDED = {
  hide: { audit: "comment.hide", outcome: "hidden" },
  unhide: { audit: "comment.unhide", outcome: null },
  delete: { audit: "comment.delete", outcome: "deleted" },
} as const satisfies Record<
  ModerationAction,
  { audit: AuditAction; outcome: "hidden" | "deleted" | null }
>;

/**
 * What the comments service writes with a moderator's hide, unhide or delete, in the action's
 * transaction (wired in services.ts, built before the comments service): the audit entry
 * (comment.hide, comment.unhide, comment.delete) and, for a hide or a delete, the answer to the
 * comment's open reports ("hidden", "deleted") with the moderator and the time
 * (docs/product/studio.md#studio-moderation). Whether an action is a moderator's is the comments
 * service's rule.
 */
export function createModerationRecord(): ModerationRecord {
  return {
    async record(trx, { actorId, commentId, action, at }) {
      const { audit, outcome } = RECORDED[action];
      const entry = { actorId, action: audit, targetType: "comment", targetId: commentId } as const;
      await recordAudit(trx, entry, at);
      if (outcome) await repo.answerReports(trx, commentId, { outcome, by: actorId, at });
    },
  };
}

/** What moderation runs with: the query builder, the comments service, the clock and the watch. */
interface ModerationContext {
  k: Kysely<Database>;
  comments: Pick<CommentsService, "setHidden" | "remove">;
  /** The current instant, ISO 8601. */
  stamp: () => string;
  watch: Pick<PublicationWatch, "changed">;
}

/**
 * A reported comment as the queue shows it, its text rendered as readers see it (its `mentions`
 * linked); `reasons` are all the reasons given, any comment's, each read as "Spam" or "Other:
 * {note}" (contracts `describeReport`).
 */
function toModeratedComment(
  r: repo.ModeratedRow,
  reasons: { comment_id: number; reason: string; note: string | null }[],
  resolutions: Awaited<ReturnType<typeof repo.findResolutions>>,
  mentions: RenderedMention[],
): ModeratedComment {
  const answered = resolutions.find((x) => x.comment_id === r.comment_id);
  const gone = r.author_id === null || r.author_deleted_at !== null;
  return {
    comment: {
      id: r.comment_id,
      content: r.content,
      // The one renderer of comment text, as the thread shows it (a deleted comment's is erased).
      contentHtml: r.deleted_at === null ? renderCommentHtml(r.content, mentions) : "",
      createdAt: r.created_at,
      hidden: r.hidden_at !== null,
      deleted: r.deleted_at !== null,
      author:
        r.author_id === null
          ? null
          : {
              id: r.author_id,
              username: gone ? DELETED_MEMBER_NAME : (r.author_username ?? ""),
              banned: r.author_banned !== null,
            },
    },
    article: { id: r.article_id, slug: r.article_slug, title: r.article_title },
    reportCount: r.report_count,
    openReports: r.open_reports,
    reasons: reasons
      .filter((x) => x.comment_id === r.comment_id)
      .map((x) => describeReport(x.reason, x.note)),
    lastReportedAt: r.last_reported_at,
    resolution: answered
      ? {
          outcome: answered.outcome,
          by: memberRef(answered.resolved_by, answered.resolved_by_username),
          at: answered.resolved_at,
        }
      : null,
  };
}

/** A page of the comments `filter` selects, each with its reasons and last answer. */
async function moderatedPage(
  ctx: ModerationContext,
  filter: repo.ModeratedFilter,
  query: { page: number; pageSize: number },
): Promise<ModeratedPage> {
  const { rows, total } = await repo.listModerated(ctx.k, filter, {
    limit: query.pageSize,
    offset: (query.page - 1) * query.pageSize,
  });
  const ids = rows.map((r) => r.comment_id);
  const [reasons, resolutions, mentions] = await Promise.all([
    repo.findReasons(ctx.k, ids),
    repo.findResolutions(ctx.k, ids),
    findMentionLinks(ctx.k, { commentIds: ids }, ctx.stamp()),
  ]);
  return {
    data: rows.map((r) =>
      toModeratedComment(r, reasons, resolutions, mentions.get(r.comment_id) ?? []),
    ),
    meta: { pagination: paginationMeta(query.page, query.pageSize, total) },
  };
}

/** `ModerationService.reports`. */
function reports(
  ctx: ModerationContext,
  actor: Actor | null,
  query: { include: "open" | "all"; page: number; pageSize: number },
) {
  authorize(actor, "comment.moderate");
  const reported = query.include === "open" ? "open" : "any";
  const filter = { reports: reported, hidden: false, memberId: null, articleId: null } as const;
  return moderatedPage(ctx, { ...filter, order: "reported" }, query);
}

/** `ModerationService.comments`. */
function comments(ctx: ModerationContext, actor: Actor | null, query: StudioCommentQuery) {
  authorize(actor, "comment.moderate");
  return moderatedPage(
    ctx,
    {
      reports: query.show === "reported" ? "any" : null,
      hidden: query.show === "hidden",
      memberId: query.member ?? null,
      articleId: query.article ?? null,
      order: "recent",
    },
    query,
  );
}

/** `ModerationService.answerReports`: the answer and its audit entry in one transaction. */
async function answerReports(
  ctx: ModerationContext,
  actor: Actor | null,
  commentId: number,
  outcome: "resolved" | "dismissed",
) {
  authorize(actor, "comment.moderate");
  if (!(await repo.commentExists(ctx.k, commentId))) throw new NotFoundError("Comment not found");
  const at = ctx.stamp();
  const answered = await ctx.k.transaction().execute(async (trx) => {
    const count = await repo.answerReports(trx, commentId, { outcome, by: actor.id, at });
    if (count === 0) return 0;
    const action = outcome === "resolved" ? "report.resolve" : "report.dismiss";
    await recordAudit(
      trx,
      {
        actorId: actor.id,
        action,
        targetType: "comment",
        targetId: commentId,
        details: { reports: count },
      },
      at,
    );
    return count;
  });
  if (answered === 0) throw new ValidationError("This comment has no open reports");
  return { outcome, answered };
}

/** `ModerationService.setHidden`: the comments service's hide (which records it). */
async function setHidden(
  ctx: ModerationContext,
  actor: Actor | null,
  commentId: number,
  hidden: boolean,
) {
  authorize(actor, "comment.moderate");
  const result = await ctx.comments.setHidden(actor, commentId, hidden);
  ctx.watch.changed();
  return result;
}

/** `ModerationService.deleteComment`: the comments service's delete (which records it). */
async function deleteComment(ctx: ModerationContext, actor: Actor | null, commentId: number) {
  authorize(actor, "comment.moderate");
  const result = await ctx.comments.remove(actor, commentId);
  ctx.watch.changed();
  return result;
}

/** The live member `userId`. @throws NotFoundError (unknown or deleted account). */
async function liveMember(ctx: ModerationContext, userId: number) {
  const member = await findMember(ctx.k, userId);
  if (!member) throw new NotFoundError("Member not found");
  return member;
}

/** `ModerationService.ban`: the ban and its audit entry in one transaction. */
async function ban(ctx: ModerationContext, actor: Actor | null, userId: number, reason: string) {
  authorize(actor, "comment.moderate");
  const member = await liveMember(ctx, userId);
  if (member.id === actor.id) throw new ValidationError("You cannot ban yourself");
  if (member.role === "editor" || member.role === "admin") {
    throw new ForbiddenError(
      "Editors and admins cannot be banned: an admin can change their role first",
    );
  }
  const at = ctx.stamp();
  await ctx.k.transaction().execute(async (trx) => {
    await repo.upsertBan(trx, { userId, reason, bannedBy: actor.id }, at);
    await recordAudit(
      trx,
      {
        actorId: actor.id,
        action: "member.ban",
        targetType: "member",
        targetId: userId,
        details: { reason },
      },
      at,
    );
  });
  const stored = await repo.findBan(ctx.k, userId);
  if (!stored) throw new NotFoundError("Member not found");
  return {
    userId: stored.user_id,
    reason: stored.reason,
    bannedBy: memberRef(stored.banned_by, stored.banned_by_username),
    createdAt: stored.created_at,
  };
}

/** `ModerationService.unban`. */
async function unban(ctx: ModerationContext, actor: Actor | null, userId: number) {
  authorize(actor, "comment.moderate");
  await liveMember(ctx, userId);
  const at = ctx.stamp();
  await ctx.k.transaction().execute(async (trx) => {
    if (!(await repo.deleteBan(trx, userId))) return;
    await recordAudit(
      trx,
      { actorId: actor.id, action: "member.unban", targetType: "member", targetId: userId },
      at,
    );
  });
  return { banned: false as const };
}

/** Builds the service over the comments service; `now` is the injectable clock. */
export function createModerationService(
  db: Db,
  deps: {
    comments: Pick<CommentsService, "setHidden" | "remove">;
    now: () => Date;
    /** Told of hides and deletions, so cached article pages drop the comment at once. */
    watch: Pick<PublicationWatch, "changed">;
  },
): ModerationService {
  const ctx: ModerationContext = {
    k: db.kysely,
    comments: deps.comments,
    stamp: () => deps.now().toISOString(),
    watch: deps.watch,
  };
  return {
    reports: (actor, query) => reports(ctx, actor, query),
    comments: (actor, query) => comments(ctx, actor, query),
    setHidden: (actor, commentId, hidden) => setHidden(ctx, actor, commentId, hidden),
    deleteComment: (actor, commentId) => deleteComment(ctx, actor, commentId),
    answerReports: (actor, commentId, outcome) => answerReports(ctx, actor, commentId, outcome),
    ban: (actor, userId, reason) => ban(ctx, actor, userId, reason),
    unban: (actor, userId) => unban(ctx, actor, userId),
  };
}

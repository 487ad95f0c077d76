// Rules of moderation (issue #7): the queue of reported comments, hiding, unhiding and deleting
// through the comments service, and bans from commenting; every action audited.
import type { PublicationWatch } from "./publication-watch.ts";
import type { Ban, PaginationMeta, ReportedComment } from "@pragmatist/contracts";
import { DELETED_MEMBER_NAME, paginationMeta } from "@pragmatist/contracts";
import type { Db } from "../../db/client.ts";
import { ForbiddenError, NotFoundError, ValidationError } from "../../errors.ts";
import type { CommentingBans, CommentsService } from "../comments/comments.service.ts";
import { recordAudit } from "./audit.ts";
import { findMember } from "./members.repository.ts";
import * as repo from "./moderation.repository.ts";
import { memberRef } from "./member-ref.ts";
import { type Actor, authorize } from "./policy.ts";

export interface ModerationService {
  /**
   * Reported comments with how many reports and the reasons given, most recently reported first.
   * `include: "open"` (default) leaves out comments already hidden or deleted. Editors and admins.
   */
  reports(
    actor: Actor | null,
    query: { include: "open" | "all"; page: number; pageSize: number },
  ): Promise<{ data: ReportedComment[]; meta: { pagination: PaginationMeta } }>;
  /**
   * Hides a comment and its replies from readers, or shows them again (the comments service's
   * hide); audited. @throws NotFoundError, 401/403.
   */
  setHidden(actor: Actor | null, commentId: number, hidden: boolean): Promise<{ hidden: boolean }>;
  /** Deletes a comment as its author could (text erased, replies kept); audited. */
  deleteComment(actor: Actor | null, commentId: number): Promise<{ deleted: true }>;
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
  const k = db.kysely;
  const { comments } = deps;
  const stamp = () => deps.now().toISOString();

  async function liveMember(userId: number) {
    const member = await findMember(k, userId);
    if (!member) throw new NotFoundError("Member not found");
    return member;
  }

  return {
    async reports(actor, query) {
      authorize(actor, "comment.moderate");
      const { rows, total } = await repo.listReported(k, {
        open: query.include === "open",
        limit: query.pageSize,
        offset: (query.page - 1) * query.pageSize,
      });
      const reasons = await repo.findReasons(
        k,
        rows.map((r) => r.comment_id),
      );
      return {
        data: rows.map((r) => {
          const gone = r.author_id === null || r.author_deleted_at !== null;
          return {
            comment: {
              id: r.comment_id,
              content: r.content,
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
            reasons: reasons.filter((x) => x.comment_id === r.comment_id).map((x) => x.reason),
            lastReportedAt: r.last_reported_at,
          };
        }),
        meta: { pagination: paginationMeta(query.page, query.pageSize, total) },
      };
    },

    async setHidden(actor, commentId, hidden) {
      authorize(actor, "comment.moderate");
      const result = await comments.setHidden(actor, commentId, hidden, (trx) =>
        recordAudit(
          trx,
          {
            actorId: actor.id,
            action: hidden ? "comment.hide" : "comment.unhide",
            targetType: "comment",
            targetId: commentId,
          },
          stamp(),
        ),
      );
      deps.watch.changed();
      return result;
    },

    async deleteComment(actor, commentId) {
      authorize(actor, "comment.moderate");
      const result = await comments.remove(actor, commentId, (trx) =>
        recordAudit(
          trx,
          {
            actorId: actor.id,
            action: "comment.delete",
            targetType: "comment",
            targetId: commentId,
          },
          stamp(),
        ),
      );
      deps.watch.changed();
      return result;
    },

    async ban(actor, userId, reason) {
      authorize(actor, "comment.moderate");
      const member = await liveMember(userId);
      if (member.id === actor.id) throw new ValidationError("You cannot ban yourself");
      if (member.role === "editor" || member.role === "admin") {
        throw new ForbiddenError(
          "Editors and admins cannot be banned: an admin can change their role first",
        );
      }
      const at = stamp();
      await k.transaction().execute(async (trx) => {
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
      const ban = await repo.findBan(k, userId);
      if (!ban) throw new NotFoundError("Member not found");
      return {
        userId: ban.user_id,
        reason: ban.reason,
        bannedBy: memberRef(ban.banned_by, ban.banned_by_username),
        createdAt: ban.created_at,
      };
    },

    async unban(actor, userId) {
      authorize(actor, "comment.moderate");
      await liveMember(userId);
      const at = stamp();
      await k.transaction().execute(async (trx) => {
        if (!(await repo.deleteBan(trx, userId))) return;
        await recordAudit(
          trx,
          { actorId: actor.id, action: "member.unban", targetType: "member", targetId: userId },
          at,
        );
      });
      return { banned: false };
    },
  };
}

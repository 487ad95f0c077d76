// Moderation's contract (docs/product/studio.md#studio-moderation): comments with their reports
// as the studio lists them, the queries of those lists, answers to reports, and bans.
import { z } from "zod";
import { paginationMetaSchema, pageParam, pageSizeParam } from "./pagination.ts";
import { reportOutcomes } from "./report-reasons.ts";
import { personSchema } from "./studio.ts";
import { idPathParam } from "./users.ts";

/**
 * A comment as moderation lists it (`GET /api/studio/reports`, `GET /api/studio/comments`): the
 * comment and its author, its article, and its reports.
 */
export const moderatedCommentSchema = z.object({
  comment: z.object({
    id: z.number().int(),
    content: z.string(),
    /** `content` as readers see it (the thread's `contentHtml`); empty when deleted. */
    contentHtml: z.string(),
    createdAt: z.string(),
    hidden: z.boolean(),
    deleted: z.boolean(),
    author: personSchema.extend({ banned: z.boolean() }).nullable(),
  }),
  article: z.object({ id: z.number().int(), slug: z.string(), title: z.string() }),
  reportCount: z.number().int(),
  /** Reports not yet answered by a moderator (docs/product/studio.md#studio-moderation). */
  openReports: z.number().int(),
  /** The reasons given, newest first (reports without a reason are counted, not listed). */
  reasons: z.array(z.string()),
  /** When the last report came; null for a comment never reported. */
  lastReportedAt: z.string().nullable(),
  /**
   * What became of the reports last answered: the outcome, the moderator (null when not known:
   * before outcomes were kept, or the account is gone) and when; null while none was answered.
   */
  resolution: z
    .object({ outcome: z.enum(reportOutcomes), by: personSchema.nullable(), at: z.string() })
    .nullable(),
});
/** A comment with its reports (`moderatedCommentSchema`). */
export type ModeratedComment = z.infer<typeof moderatedCommentSchema>;
/** The query of `GET /api/studio/reports`: which comments, and the page. */
export const reportQuerySchema = z.strictObject({
  /** Also list comments whose reports were all answered (default: those with open reports). */
  include: z.enum(["open", "all"]).default("open"),
  page: pageParam.default(1),
  pageSize: pageSizeParam.default(20),
});
/**
 * The query of `GET /api/studio/comments` (docs/product/studio.md#studio-moderation): every
 * comment, newest first, or those `reported` at all or `hidden`; by one member, on one article.
 */
export const studioCommentQuerySchema = z.strictObject({
  show: z.enum(["all", "reported", "hidden"]).default("all"),
  member: idPathParam.optional(),
  article: idPathParam.optional(),
  page: pageParam.default(1),
  pageSize: pageSizeParam.default(20),
});
/** `GET /api/studio/comments`'s query (`studioCommentQuerySchema`), defaults applied. */
export type StudioCommentQuery = z.infer<typeof studioCommentQuerySchema>;
/** `GET /api/studio/reports` and `GET /api/studio/comments`: a page of comments. */
export const moderatedCommentListSchema = z.object({
  data: z.array(moderatedCommentSchema),
  meta: z.object({ pagination: paginationMetaSchema }),
});

/**
 * `POST /api/studio/comments/{id}/reports/resolve` and `…/dismiss`: the comment's open reports
 * answered, and how many they were.
 */
export const reportAnswerSchema = z.object({
  data: z.object({ outcome: z.enum(["resolved", "dismissed"]), answered: z.number().int() }),
});

/** `POST /api/studio/members/{id}/ban`: why, shown to the member when they try to comment. */
export const banBodySchema = z.strictObject({
  reason: z.string().trim().min(1, "Give a reason for the ban").max(500),
});
/** A member's ban: why, by whom and when. */
export const banSchema = z.object({
  userId: z.number().int(),
  reason: z.string(),
  bannedBy: personSchema.nullable(),
  createdAt: z.string(),
});
/** A member's ban (`banSchema`). */
export type Ban = z.infer<typeof banSchema>;

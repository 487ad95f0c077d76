// Studio contract (docs/product/studio.md#studio): staff writing, publishing, revisions,
// moderation, members and audit, in the Strapi v4 style (`{ data: {...} }` bodies, `{ data, meta }`
// answers).
import { z } from "zod";
import { articleTypes, seoSchema, termSchema } from "./articles.ts";
import { roles } from "./auth.ts";
import { paginationMetaSchema, pageParam, pageSizeParam, searchQueryParam } from "./pagination.ts";
import { SLUG_MAX } from "./slug.ts";
import { MAX_ID } from "./users.ts";

/** What is stored: a draft, or published (live from its publish date on). */
export const articleStatuses = ["draft", "published"] as const;
/** One of `articleStatuses`. */
export type ArticleStatus = (typeof articleStatuses)[number];
/** What the studio shows: a published article whose publish date is still ahead is "scheduled". */
export const articleStates = ["draft", "scheduled", "published"] as const;
/** One of `articleStates`. */
export type ArticleState = (typeof articleStates)[number];

/** The longest title: 200 characters. */
export const TITLE_MAX = 200;
/** The longest subtitle: 300 characters. */
export const SUBTITLE_MAX = 300;
/** Markdown body: at most 200,000 characters (a long research piece is under 60,000). */
export const CONTENT_MAX = 200_000;
/** Terms per kind on one article. */
export const TERMS_MAX = 20;
/** The longest meta title: 120 characters (search results show about 60). */
export const META_TITLE_MAX = 120;
/** The longest meta description: 320 characters (search results show about 155). */
export const META_DESCRIPTION_MAX = 320;

const termName = z.string().trim().min(1).max(60);
const termNames = z.array(termName).max(TERMS_MAX);
const mediaId = z.number().int().positive().max(MAX_ID);

/** A URL slug: lower-case letters and digits in groups joined by single hyphens. */
export const slugSchema = z
  .string()
  .trim()
  .min(1)
  .max(SLUG_MAX)
  .regex(
    /^[a-z0-9]+(?:-[a-z0-9]+)*$/,
    "A slug has lower-case letters and digits joined by single hyphens",
  );

/** An instant with its offset (RFC 3339), e.g. `2026-05-01T08:00:00Z`. */
const instant = z.iso.datetime({ offset: true });

/** The editable fields of an article; every one is optional on update. */
const articleFields = {
  subTitle: z.string().trim().max(SUBTITLE_MAX),
  slug: slugSchema,
  /** Markdown, rendered like the article page renders it. */
  content: z.string().max(CONTENT_MAX),
  types: z.array(z.enum(articleTypes)).min(1).max(articleTypes.length),
  categories: termNames,
  tags: termNames,
  ecosystems: termNames,
  publishDate: instant,
  /**
   * A media id, or null for none: an image the writer uploaded or one for articles
   * (`POST /api/studio/images`); editors may use any image.
   */
  thumbnail: mediaId.nullable(),
  status: z.enum(articleStatuses),
  /** Search and link previews (docs/product/studio.md#studio-seo); null: the page's default. */
  metaTitle: z.string().trim().min(1).max(META_TITLE_MAX).nullable(),
  metaDescription: z.string().trim().min(1).max(META_DESCRIPTION_MAX).nullable(),
  /** Where the article was first published: an absolute http(s) address, or null for its own. */
  canonicalUrl: z
    .url({ protocol: /^https?$/, message: "A canonical URL is a full http:// or https:// address" })
    .max(2000)
    .nullable(),
  /** The picture of a shared link: a media id as `thumbnail` takes, or null for the thumbnail. */
  socialImage: mediaId.nullable(),
};
const titleSchema = z.string().trim().min(1, "A title is needed").max(TITLE_MAX);

/** The editable fields, each optional; unknown fields are refused. */
const editableFields = z.strictObject(articleFields).partial();

/**
 * `POST /api/articles` body (Strapi `{ data }`): exactly these fields (no author, clicks or
 * dates of record: CVE-2023-39345-style mass assignment). The author is the caller; the slug is
 * made from the title when absent; status defaults to draft.
 */
export const createArticleBodySchema = z.strictObject({
  data: editableFields.extend({ title: titleSchema }),
});
/** The body of `POST /api/articles` (`createArticleBodySchema`). */
export type CreateArticleBody = z.infer<typeof createArticleBodySchema>;
/** The fields of a new article (`data` of `CreateArticleBody`). */
export type ArticleInput = CreateArticleBody["data"];

/**
 * `PUT /api/articles/{id}` body: any of the fields; `updatedAt` (optional) is the version the
 * client last saw: when the article changed since, the answer is 409 and nothing is written
 * (autosave conflict detection, like HTTP's If-Unmodified-Since).
 */
export const updateArticleBodySchema = z.strictObject({
  data: editableFields.extend({ title: titleSchema.optional(), updatedAt: instant.optional() }),
});
/** The body of `PUT /api/articles/{id}` (`updateArticleBodySchema`). */
export type UpdateArticleBody = z.infer<typeof updateArticleBodySchema>;
/** The changed fields of an article (`data` of `UpdateArticleBody`). */
export type ArticleChanges = UpdateArticleBody["data"];

/** A member named in the studio's answers: their id and name. */
export const personSchema = z.object({ id: z.number().int(), username: z.string() });

/** An image of an article as the studio answers it: its media id, URL and size in pixels. */
const studioImageSchema = z.object({
  id: z.number().int(),
  url: z.string(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
});
/** An image of an article in the studio (`studioImageSchema`). */
export type StudioImage = z.infer<typeof studioImageSchema>;

/** An article as staff see it in lists (no content). */
export const studioArticleSummarySchema = z.object({
  id: z.number().int(),
  attributes: z.object({
    title: z.string(),
    subTitle: z.string(),
    slug: z.string(),
    status: z.enum(articleStatuses),
    state: z.enum(articleStates),
    publishDate: z.string(),
    types: z.array(z.enum(articleTypes)),
    categories: z.array(termSchema),
    tags: z.array(z.string()),
    ecosystems: z.array(termSchema),
    thumbnail: studioImageSchema.nullable(),
    author: personSchema.nullable(),
    readingTimeMinutes: z.number().int(),
    excerpt: z.string(),
    createdAt: z.string(),
    /** The version to send back as `data.updatedAt` to detect a conflicting save. */
    updatedAt: z.string(),
  }),
});
/** The full article for the editor: the summary plus its Markdown. */
export const studioArticleSchema = z.object({
  id: z.number().int(),
  attributes: studioArticleSummarySchema.shape.attributes.extend({
    content: z.string(),
    /** The search and social fields; the social image with its media id, as the thumbnail. */
    seo: seoSchema.extend({ socialImage: studioImageSchema.nullable() }),
  }),
});
/** An article as staff see it in lists (`studioArticleSummarySchema`). */
export type StudioArticleSummary = z.infer<typeof studioArticleSummarySchema>;
/** An article as the editor opens it (`studioArticleSchema`). */
export type StudioArticle = z.infer<typeof studioArticleSchema>;
/** `GET`, `POST` and `PUT` of one article in the studio: `{ data, meta }`. */
export const studioArticleResponseSchema = z.object({
  data: studioArticleSchema,
  meta: z.object({}),
});
/** One article in the studio (`studioArticleResponseSchema`). */
export type StudioArticleResponse = z.infer<typeof studioArticleResponseSchema>;

/** `GET /api/studio/articles`: title search, filters, pagination (authors see their own only). */
export const studioArticleQuerySchema = z.strictObject({
  q: searchQueryParam.optional(),
  status: z.enum(articleStates).optional(),
  type: z.enum(articleTypes).optional(),
  authorId: z.coerce.number().int().positive().max(MAX_ID).optional(),
  page: pageParam.default(1),
  pageSize: pageSizeParam.default(20),
});
/** The query of `GET /api/studio/articles` (`studioArticleQuerySchema`). */
export type StudioArticleQuery = z.infer<typeof studioArticleQuerySchema>;
/** `GET /api/studio/articles`: a page of summaries with Strapi's pagination meta. */
export const studioArticleListSchema = z.object({
  data: z.array(studioArticleSummarySchema),
  meta: z.object({ pagination: paginationMetaSchema }),
});
/** A page of studio articles (`studioArticleListSchema`). */
export type StudioArticleList = z.infer<typeof studioArticleListSchema>;

/** One saved version of an article's text; lists leave the content out. */
export const revisionSummarySchema = z.object({
  id: z.number().int(),
  title: z.string(),
  subTitle: z.string(),
  savedBy: personSchema.nullable(),
  savedAt: z.string(),
});
/** One saved version with its Markdown. */
export const revisionSchema = revisionSummarySchema.extend({ content: z.string() });
/** A saved version without its content (`revisionSummarySchema`). */
export type RevisionSummary = z.infer<typeof revisionSummarySchema>;
/** A saved version with its content (`revisionSchema`). */
export type Revision = z.infer<typeof revisionSchema>;
/** `GET /api/studio/articles/{id}/revisions`: the saved versions, newest first. */
export const revisionListSchema = z.object({ data: z.array(revisionSummarySchema) });
/** `GET /api/studio/articles/{id}/revisions/{revisionId}`: one version with its content. */
export const revisionResponseSchema = z.object({ data: revisionSchema });

/** `GET /api/studio/articles/{id}/stats`: the last 30 days, today included (UTC days). */
export const articleStatsSchema = z.object({
  data: z.object({
    /** First and last UTC day counted, YYYY-MM-DD. */
    from: z.string(),
    to: z.string(),
    views: z.number().int(),
    visitors: z.number().int(),
    likes: z.number().int(),
    bookmarks: z.number().int(),
    comments: z.number().int(),
    /** Views of `/p/{slug}` per day, oldest first, every day of the period present. */
    daily: z.array(z.object({ day: z.string(), views: z.number().int() })),
  }),
});
/** An article's figures over the last 30 days (`articleStatsSchema`'s `data`). */
export type ArticleStats = z.infer<typeof articleStatsSchema>["data"];

/** A term the editor offers to pick: its name, slug and how many articles it files. */
export const studioTermSchema = z.object({
  name: z.string(),
  slug: z.string(),
  articleCount: z.number().int(),
});
/** One of the terms the editor offers (`studioTermSchema`). */
export type StudioTerm = z.infer<typeof studioTermSchema>;

/**
 * `GET /api/studio/terms`: the categories, tags and ecosystems in use, most used first, that the
 * editor's term fields offer (docs/product/studio.md#studio-terms).
 */
export const studioTermsSchema = z.object({
  data: z.object({
    categories: z.array(studioTermSchema),
    tags: z.array(studioTermSchema),
    ecosystems: z.array(studioTermSchema),
  }),
});
/** The terms in use by kind (`studioTermsSchema`'s `data`). */
export type StudioTerms = z.infer<typeof studioTermsSchema>["data"];

/** A member as admins see them in the studio. */
export const studioMemberSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  email: z.string().nullable(),
  role: z.enum(roles),
  createdAt: z.string(),
  ban: z.object({ reason: z.string(), createdAt: z.string() }).nullable(),
});
/** A member as admins see them (`studioMemberSchema`). */
export type StudioMember = z.infer<typeof studioMemberSchema>;
/** The query of `GET /api/studio/members`: search, role filter and page. */
export const memberQuerySchema = z.strictObject({
  /** Part of the username or email, case-insensitive. */
  q: searchQueryParam.optional(),
  role: z.enum(roles).optional(),
  page: pageParam.default(1),
  pageSize: pageSizeParam.default(20),
});
/**
 * `GET /api/studio/members`: a page of members. `searchedNewest` (present only then): a search of
 * 1 or 2 characters looked through this many of the newest members, and there are more
 * (docs/product/studio.md#studio-members).
 */
export const memberListSchema = z.object({
  data: z.array(studioMemberSchema),
  meta: z.object({
    pagination: paginationMetaSchema,
    searchedNewest: z.number().int().optional(),
  }),
});
/** `GET /api/studio/members` (`memberListSchema`). */
export type MemberList = z.infer<typeof memberListSchema>;
/** `PUT /api/studio/members/{id}/role`: the member's new role. */
export const roleBodySchema = z.strictObject({ role: z.enum(roles) });

/** Actions the audit log records. */
export const auditActions = [
  "article.publish",
  "article.unpublish",
  "article.schedule",
  "article.delete",
  "member.role",
  "member.ban",
  "member.unban",
  "comment.hide",
  "comment.unhide",
  "comment.delete",
  "report.resolve",
  "report.dismiss",
  "newsletter.send",
  "newsletter.cancel",
] as const;
/** One of `auditActions`. */
export type AuditAction = (typeof auditActions)[number];
/** What an audit entry is about. */
export const auditTargetTypes = ["article", "comment", "member", "newsletter-issue"] as const;
/** One of `auditTargetTypes`. */
export type AuditTargetType = (typeof auditTargetTypes)[number];

/** One audit log entry: who did what to which target, when, with the action's details. */
export const auditEntrySchema = z.object({
  id: z.number().int(),
  actor: personSchema.nullable(),
  action: z.enum(auditActions),
  targetType: z.enum(auditTargetTypes),
  targetId: z.number().int().nullable(),
  /**
   * The target as it is now, so the log names people and quotes text: `name` the member's name,
   * the article's title, the subject or the comment's author (null when it is gone);
   * `quote` the start of a comment's text (null for anything else, or a deleted comment).
   */
  target: z.object({ name: z.string().nullable(), quote: z.string().nullable() }),
  details: z.record(z.string(), z.unknown()),
  at: z.string(),
});
/** One audit log entry (`auditEntrySchema`). */
export type AuditEntry = z.infer<typeof auditEntrySchema>;
/** The query of `GET /api/studio/audit`: filters by action and target, and the page. */
export const auditQuerySchema = z.strictObject({
  action: z.enum(auditActions).optional(),
  targetType: z.enum(auditTargetTypes).optional(),
  targetId: z.coerce.number().int().positive().max(MAX_ID).optional(),
  page: pageParam.default(1),
  pageSize: pageSizeParam.default(50),
});
/** `GET /api/studio/audit`: a page of entries, newest first. */
export const auditListSchema = z.object({
  data: z.array(auditEntrySchema),
  meta: z.object({ pagination: paginationMetaSchema }),
});

/** A newsletter subscriber as the studio lists them. */
export const subscriberSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  status: z.enum(["pending", "confirmed", "unsubscribed"]),
  createdAt: z.string(),
  confirmedAt: z.string().nullable(),
  /** True when the address is a live member's account email (their newsletter switch). */
  member: z.boolean(),
});
/** A newsletter subscriber (`subscriberSchema`). */
export type Subscriber = z.infer<typeof subscriberSchema>;
/** The query of `GET /api/studio/subscribers`: part of the email, status and page. */
export const subscriberQuerySchema = z.strictObject({
  q: searchQueryParam.optional(),
  status: z.enum(["pending", "confirmed", "unsubscribed"]).optional(),
  page: pageParam.default(1),
  pageSize: pageSizeParam.default(50),
});
/** `GET /api/studio/subscribers`: a page of subscribers, newest first. */
export const subscriberListSchema = z.object({
  data: z.array(subscriberSchema),
  meta: z.object({ pagination: paginationMetaSchema }),
});

// Newsletter issues (docs/product/newsletter.md#newsletter-sending): what the studio writes and
// sends, and the public web versions, in the Strapi v4 style (`{ data }` bodies, `{ data, meta }`
// answers).
import { z } from "zod";
import { paginationMetaSchema, pageParam, pageSizeParam } from "./pagination.ts";
import { MAX_ID } from "./users.ts";
import { articleStatuses, personSchema, slugSchema } from "./studio.ts";

/** A post (one article) or a digest ("The Weekly Brief": several articles as cards). */
export const issueKinds = ["post", "digest"] as const;
/** One of `issueKinds`. */
export type IssueKind = (typeof issueKinds)[number];
/** Where an issue stands: written, going out, every delivery settled, or stopped by an editor. */
export const issueStatuses = ["draft", "sending", "sent", "cancelled"] as const;
/** One of `issueStatuses`. */
export type IssueStatus = (typeof issueStatuses)[number];

/** The longest subject: 200 characters (most clients show about 60). */
export const ISSUE_SUBJECT_MAX = 200;
/** The longest editor's intro (Markdown): 5,000 characters. */
export const ISSUE_INTRO_MAX = 5_000;
/** The most articles a digest carries. */
export const DIGEST_ARTICLES_MAX = 30;

const articleId = z.number().int().positive().max(MAX_ID);
/** One line: a mail header (RFC 5322 §2.2) carries no line breaks or other control characters. */
const subject = z
  .string()
  .trim()
  .min(1, "A subject is needed")
  .max(ISSUE_SUBJECT_MAX)
  // eslint-disable-next-line no-control-regex
  .regex(/^[^\u0000-\u001f\u007f]*$/, "A subject is one line of text");
const intro = z.string().max(ISSUE_INTRO_MAX);

/**
 * `POST /api/studio/newsletter/issues` body. A post names its article (a draft too: "email
 * only"); its subject defaults to the article's title. A digest takes `articleIds` in order, or
 * by default the articles published in the 7 days before now (newest first, at most
 * DIGEST_ARTICLES_MAX); its subject defaults to "The Weekly Brief: {date}". The slug is made from
 * the subject (`-2`, `-3` … when taken) unless given.
 */
export const createIssueBodySchema = z.strictObject({
  data: z.discriminatedUnion("kind", [
    z.strictObject({
      kind: z.literal("post"),
      articleId,
      subject: subject.optional(),
      intro: intro.optional(),
      slug: slugSchema.optional(),
    }),
    z.strictObject({
      kind: z.literal("digest"),
      articleIds: z.array(articleId).min(1).max(DIGEST_ARTICLES_MAX).optional(),
      subject: subject.optional(),
      intro: intro.optional(),
      slug: slugSchema.optional(),
    }),
  ]),
});
/** The body of `POST /api/studio/newsletter/issues` (`createIssueBodySchema`). */
export type CreateIssueBody = z.infer<typeof createIssueBodySchema>;

/**
 * `PUT /api/studio/newsletter/issues/{id}` body: any of subject, intro, slug and (a post: exactly
 * one; a digest: 1 to DIGEST_ARTICLES_MAX) article ids. Drafts only (409 once sent).
 */
export const updateIssueBodySchema = z.strictObject({
  data: z
    .strictObject({
      subject,
      intro,
      slug: slugSchema,
      articleIds: z.array(articleId).min(1).max(DIGEST_ARTICLES_MAX),
    })
    .partial(),
});
/** The body of `PUT /api/studio/newsletter/issues/{id}` (`updateIssueBodySchema`). */
export type UpdateIssueBody = z.infer<typeof updateIssueBodySchema>;

/**
 * `POST /api/studio/newsletter/issues/{id}/send` body: none, or `{}` / `{ data: {} }`. There is one
 * audience, the confirmed addresses of the one list (members and visitors alike, each once), so
 * anything else, an `audience` included, is a 400.
 */
export const sendIssueBodySchema = z
  .strictObject({ data: z.strictObject({}).optional() })
  .nullish();

/** An issue as the studio shows it. */
export const studioIssueSchema = z.object({
  id: z.number().int(),
  attributes: z.object({
    slug: z.string(),
    subject: z.string(),
    intro: z.string(),
    kind: z.enum(issueKinds),
    status: z.enum(issueStatuses),
    /** The articles it carries, in order, with their studio status. */
    articles: z.array(
      z.object({
        id: z.number().int(),
        title: z.string(),
        slug: z.string(),
        status: z.enum(articleStatuses),
      }),
    ),
    createdBy: personSchema.nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
    sendStartedAt: z.string().nullable(),
    sentAt: z.string().nullable(),
    cancelledAt: z.string().nullable(),
    /** The web version, `{PUBLIC_URL}/newsletter/{slug}` (public once the send has started). */
    webUrl: z.string(),
  }),
});
/** An issue in the studio (`studioIssueSchema`). */
export type StudioIssue = z.infer<typeof studioIssueSchema>;
/** One issue in the studio: `{ data, meta }`. */
export const studioIssueResponseSchema = z.object({ data: studioIssueSchema, meta: z.object({}) });
/** The query of `GET /api/studio/newsletter/issues`. */
export const studioIssueQuerySchema = z.strictObject({
  status: z.enum(issueStatuses).optional(),
  page: pageParam.default(1),
  pageSize: pageSizeParam.default(20),
});
/** `GET /api/studio/newsletter/issues`: newest first. */
export const studioIssueListSchema = z.object({
  data: z.array(studioIssueSchema),
  meta: z.object({ pagination: paginationMetaSchema }),
});

/** `GET /api/studio/newsletter/issues/{id}/preview`: the mail as it would go out now. */
export const issuePreviewSchema = z.object({
  data: z.object({ subject: z.string(), html: z.string(), text: z.string() }),
});
/** `POST /api/studio/newsletter/issues/{id}/test`: where the test went (the caller's address). */
export const issueTestSchema = z.object({ data: z.object({ to: z.string() }) });

/**
 * `GET /api/studio/newsletter/issues/{id}/stats`. `pending` counts deliveries not yet settled
 * (waiting, retrying or in flight); `skipped` were unsubscribed or suppressed after the send began;
 * `unsubscribes` used this issue's unsubscribe link. Clicks are counted only with
 * NEWSLETTER_TRACKING on (`tracking.clicks`); opens are never tracked (no pixel): `opened` is null.
 */
export const issueStatsSchema = z.object({
  data: z.object({
    recipients: z.number().int(),
    pending: z.number().int(),
    sent: z.number().int(),
    failed: z.number().int(),
    bounced: z.number().int(),
    skipped: z.number().int(),
    cancelled: z.number().int(),
    unsubscribes: z.number().int(),
    clicks: z.number().int().nullable(),
    opened: z.null(),
    tracking: z.object({ clicks: z.boolean(), opens: z.literal(false) }),
    /** Clicks per link, most clicked first (empty without tracking). */
    links: z.array(z.object({ url: z.string(), clicks: z.number().int() })),
  }),
});
/** An issue's delivery figures (`issueStatsSchema`'s `data`). */
export type IssueStats = z.infer<typeof issueStatsSchema>["data"];

/** An issue in the public archive (`/newsletter`). */
export const publicIssueSummarySchema = z.object({
  id: z.number().int(),
  attributes: z.object({
    slug: z.string(),
    subject: z.string(),
    kind: z.enum(issueKinds),
    /** The editor's intro, Markdown. */
    intro: z.string(),
    /** The intro as plain text (no Markdown marks): for the archive's lines and descriptions. */
    introText: z.string(),
    /** When the send started: the issue's date. */
    sentAt: z.string(),
    webUrl: z.string(),
  }),
});
/** An article of a public issue; `url` is its page when published, else null ("email only"). */
export const publicIssueArticleSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  subTitle: z.string(),
  slug: z.string(),
  url: z.string().nullable(),
  excerpt: z.string(),
  thumbnail: z
    .object({
      url: z.string(),
      width: z.number().int().nullable(),
      height: z.number().int().nullable(),
    })
    .nullable(),
  /** A post's article text (Markdown when `body`, else plain paragraphs); null in a digest. */
  content: z.string().nullable(),
  body: z.boolean(),
});
/** `GET /api/newsletter/issues/{slug}`: the web version's data. */
export const publicIssueResponseSchema = z.object({
  data: z.object({
    id: z.number().int(),
    attributes: publicIssueSummarySchema.shape.attributes.extend({
      articles: z.array(publicIssueArticleSchema),
    }),
  }),
  meta: z.object({}),
});
/** The web version of an issue (`publicIssueResponseSchema`). */
export type PublicIssue = z.infer<typeof publicIssueResponseSchema>["data"];
/** The query of `GET /api/newsletter/issues`. */
export const publicIssueQuerySchema = z.strictObject({
  page: pageParam.default(1),
  pageSize: pageSizeParam.default(20),
});
/** `GET /api/newsletter/issues`: issues that went out, newest first. */
export const publicIssueListSchema = z.object({
  data: z.array(publicIssueSummarySchema),
  meta: z.object({ pagination: paginationMetaSchema }),
});
/** The archive (`publicIssueListSchema`). */
export type PublicIssueList = z.infer<typeof publicIssueListSchema>;

/** `PUT /api/newsletter/opt-in` body: the member's own choice for their account email. */
export const memberOptInSchema = z.strictObject({ data: z.strictObject({ optIn: z.boolean() }) });

/** Where an address stands on the one list; `none` when it was never on it. */
export const subscriptionStatuses = ["none", "pending", "confirmed", "unsubscribed"] as const;
/** One of `subscriptionStatuses`. */
export type SubscriptionStatus = (typeof subscriptionStatuses)[number];

/**
 * The answer of GET and PUT `/api/newsletter/opt-in`: the signed-in member's row of the one list,
 * the row of their account `email`. `optIn` is true when that address gets the newsletter
 * (`status` confirmed); `pending` waits for the confirmation link mailed to it (an account whose
 * email was never verified); `suppressed` when the address bounced for good (never mailed again,
 * whatever the switch says).
 */
export const memberNewsletterSchema = z.object({
  data: z.object({
    optIn: z.boolean(),
    status: z.enum(subscriptionStatuses),
    email: z.string(),
    suppressed: z.boolean(),
  }),
});
/** The member's newsletter state (`memberNewsletterSchema`'s `data`). */
export type MemberNewsletter = z.infer<typeof memberNewsletterSchema>["data"];

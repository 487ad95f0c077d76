// Article contract: the Strapi v4 shapes of spec §3 (Article) and §7 (Articles).
import { z } from "zod";
import { paginationMetaSchema } from "./pagination.ts";

export const articleTypes = ["Research", "News"] as const;
export type ArticleType = (typeof articleTypes)[number];

export const mediaSchema = z.object({
  url: z.string(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  alternativeText: z.string().nullable(),
});
export type Media = z.infer<typeof mediaSchema>;

export const termSchema = z.object({ name: z.string(), slug: z.string() });
export type Term = z.infer<typeof termSchema>;

export const authorSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  profilePicture: z.object({ url: z.string() }).nullable(),
});
export type Author = z.infer<typeof authorSchema>;

export const sourceSchema = z.object({
  name: z.string(),
  url: z.string(),
  licence: z.string(),
});

/** Attributes shared by list cards and the full article. */
const cardAttributes = {
  title: z.string(),
  subTitle: z.string(),
  slug: z.string(),
  publishDate: z.string(),
  thumbnailUrl: mediaSchema.nullable(),
  author: authorSchema.nullable(),
  clicks: z.number().int(),
  types: z.array(z.enum(articleTypes)),
  categories: z.array(termSchema),
  tags: z.array(z.string()),
  ecosystems: z.array(termSchema),
  likeCount: z.number().int(),
  bookmarkCount: z.number().int(),
  commentCount: z.number().int(),
  readingTimeMinutes: z.number().int(),
  excerpt: z.string(),
};

export const articleCardAttributesSchema = z.object(cardAttributes);
/** The full article: the card plus its Markdown content and where it came from. */
export const articleAttributesSchema = z.object({
  ...cardAttributes,
  content: z.string(),
  body: z.boolean(),
  /** When the article last changed (ISO 8601): JSON-LD dateModified, article:modified_time. */
  updatedAt: z.string(),
  source: sourceSchema.nullable(),
});
export type ArticleCardAttributes = z.infer<typeof articleCardAttributesSchema>;
export type ArticleAttributes = z.infer<typeof articleAttributesSchema>;

export const articleCardSchema = z.object({
  id: z.number().int(),
  attributes: articleCardAttributesSchema,
});
export const articleSchema = z.object({
  id: z.number().int(),
  attributes: articleAttributesSchema,
});
export type ArticleCard = z.infer<typeof articleCardSchema>;
export type Article = z.infer<typeof articleSchema>;

/** `GET /api/articles`, `/params`, `/populate-fuzzy`: a page of cards (full article when filtered by slug). */
export const articleListResponseSchema = z.object({
  data: z.array(z.union([articleSchema, articleCardSchema])),
  meta: z.object({ pagination: paginationMetaSchema }),
});
export type ArticleListResponse = {
  data: ArticleCard[];
  meta: { pagination: z.infer<typeof paginationMetaSchema> };
};
export type ArticleBySlugResponse = {
  data: Article[];
  meta: { pagination: z.infer<typeof paginationMetaSchema> };
};

/** `GET /api/fuzzy-search/search`: ranked matches, best first (spec §7). */
export const searchResponseSchema = z.object({
  articles: z.array(z.object({ id: z.number().int(), title: z.string(), slug: z.string() })),
});
export type SearchResponse = z.infer<typeof searchResponseSchema>;

export const countResponseSchema = z.object({ count: z.number().int() });

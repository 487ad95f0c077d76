// Article contract: the Strapi v4 shapes (docs/product.md#entity-article, #api-articles).
import { z } from "zod";
import { paginationMetaSchema } from "./pagination.ts";

/** The article types (docs/product.md#entity-article): research pieces and news. */
export const articleTypes = ["Research", "News"] as const;
/** One of `articleTypes`. */
export type ArticleType = (typeof articleTypes)[number];

/** An image: its URL, size in pixels when known, and alternative text. */
export const mediaSchema = z.object({
  url: z.string(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  alternativeText: z.string().nullable(),
});
/** An image (`mediaSchema`). */
export type Media = z.infer<typeof mediaSchema>;

/** A category or an ecosystem: its name and URL slug. */
export const termSchema = z.object({ name: z.string(), slug: z.string() });
/** A category or an ecosystem (`termSchema`). */
export type Term = z.infer<typeof termSchema>;

/** An article's author as cards show them: id, name and avatar URL. */
export const authorSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  profilePicture: z.object({ url: z.string() }).nullable(),
});
/** An article's author (`authorSchema`). */
export type Author = z.infer<typeof authorSchema>;

/** Where an imported article was first published, and under which licence. */
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

/** The attributes of a list card: everything but the content. */
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
/** The attributes of a list card (`articleCardAttributesSchema`). */
export type ArticleCardAttributes = z.infer<typeof articleCardAttributesSchema>;
/** The attributes of a full article (`articleAttributesSchema`). */
export type ArticleAttributes = z.infer<typeof articleAttributesSchema>;

/** A list card, Strapi v4 style: `{ id, attributes }`. */
export const articleCardSchema = z.object({
  id: z.number().int(),
  attributes: articleCardAttributesSchema,
});
/** A full article, Strapi v4 style: `{ id, attributes }` with the content. */
export const articleSchema = z.object({
  id: z.number().int(),
  attributes: articleAttributesSchema,
});
/** A list card (`articleCardSchema`). */
export type ArticleCard = z.infer<typeof articleCardSchema>;
/** A full article (`articleSchema`). */
export type Article = z.infer<typeof articleSchema>;

/** `GET /api/articles`, `/params`, `/populate-fuzzy`: a page of cards (full article when filtered by slug). */
export const articleListResponseSchema = z.object({
  data: z.array(z.union([articleSchema, articleCardSchema])),
  meta: z.object({ pagination: paginationMetaSchema }),
});
/** A page of cards with Strapi's pagination meta. */
export type ArticleListResponse = {
  data: ArticleCard[];
  meta: { pagination: z.infer<typeof paginationMetaSchema> };
};
/** `GET /api/articles?filters[slug][$eq]=…`: the one article (or none) with its content. */
export type ArticleBySlugResponse = {
  data: Article[];
  meta: { pagination: z.infer<typeof paginationMetaSchema> };
};

/** `GET /api/fuzzy-search/search`: ranked matches, best first (docs/product.md#api-search). */
export const searchResponseSchema = z.object({
  articles: z.array(z.object({ id: z.number().int(), title: z.string(), slug: z.string() })),
});
/** The answer of `GET /api/fuzzy-search/search` (`searchResponseSchema`). */
export type SearchResponse = z.infer<typeof searchResponseSchema>;

/** `GET /api/articles/count`: how many articles readers can find. */
export const countResponseSchema = z.object({ count: z.number().int() });

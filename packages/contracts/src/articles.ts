// Article contract: the Strapi v4 shapes (docs/product/data.md#entity-article,
// docs/product/api.md#api-articles).
import { z } from "zod";
import { paginationMetaSchema, strapiPaginationMetaSchema } from "./pagination.ts";

/**
 * The article types (docs/product/data.md#entity-article): research pieces and news, and the two
 * kinds of news an editor or the importer can name, which are also card labels
 * (docs/product/reader.md#article-card): a "News" article without either is labelled by the spec's
 * title rule (contracts `articleLabel`).
 */
export const articleTypes = ["Research", "News", "Newsletter", "Market Report"] as const;
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

/**
 * What an editor set for search engines and link previews (docs/product/studio.md#studio-seo),
 * each null when not set: the page then uses the title, the subtitle or excerpt, its own address,
 * and the thumbnail as the picture of a shared link (`socialImage`: its URL and size in pixels).
 */
export const seoSchema = z.object({
  metaTitle: z.string().nullable(),
  metaDescription: z.string().nullable(),
  canonicalUrl: z.string().nullable(),
  socialImage: mediaSchema.omit({ alternativeText: true }).nullable(),
});
/** An article's search and social fields (`seoSchema`). */
export type Seo = z.infer<typeof seoSchema>;

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
  seo: seoSchema,
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

/**
 * Most matches a search answers, best first (docs/product/api.md#api-search): a count at this limit
 * means "this many or more".
 */
export const SEARCH_RESULT_LIMIT = 100;

/** A Strapi v4 entity, `{ id, attributes }`, with any subset of `attributes` (`fields`). */
function strapiEntity<T extends z.ZodRawShape>(attributes: T) {
  return z.object({ id: z.number().int(), attributes: z.object(attributes).partial() });
}
/** A populated to-one relation in Strapi v4's shape: `{ data: entity | null }`. */
function toOne<T extends z.ZodType>(entity: T) {
  return z.object({ data: entity.nullable() });
}
/** A populated to-many relation in Strapi v4's shape: `{ data: entity[] }`. */
function toMany<T extends z.ZodType>(entity: T) {
  return z.object({ data: z.array(entity) });
}

/** An image as a Strapi v4 entity (an article's thumbnail; an author's picture has `url` only). */
export const strapiMediaSchema = strapiEntity(mediaSchema.shape);
/** A category, tag, ecosystem or type as a Strapi v4 entity (the collections add `articleCount`). */
export const strapiTermSchema = strapiEntity({
  ...termSchema.shape,
  articleCount: z.number().int(),
});
/** An author as a Strapi v4 entity: as populated on an article, or from `GET /api/authors`. */
export const strapiAuthorSchema = strapiEntity({
  username: z.string(),
  slug: z.string(),
  bio: z.string().nullable(),
  articleCount: z.number().int(),
  profilePicture: toOne(strapiMediaSchema),
});

/**
 * An article's attributes as `GET /api/articles` and `GET /api/articles/{id}` answer them
 * (docs/product/api.md#api-strapi-query): ours (relations flat, as on cards) or, with the header
 * `Strapi-Response-Format: v4`, Strapi's (relations `{ data }`, only when populated, plus
 * `publishedAt`); any subset of them when `fields` is given. Key order is the card's.
 */
export const strapiArticleAttributesSchema = z
  .object({
    ...articleAttributesSchema.shape,
    thumbnailUrl: z.union([mediaSchema.nullable(), toOne(strapiMediaSchema)]),
    author: z.union([authorSchema.nullable(), toOne(strapiAuthorSchema)]),
    types: z.union([z.array(z.enum(articleTypes)), toMany(strapiTermSchema)]),
    categories: z.union([z.array(termSchema), toMany(strapiTermSchema)]),
    tags: z.union([z.array(z.string()), toMany(strapiTermSchema)]),
    ecosystems: z.union([z.array(termSchema), toMany(strapiTermSchema)]),
    /** Strapi's name for the publish date (`publishDate`), in its v4 shape. */
    publishedAt: z.string(),
  })
  .partial();
/** An article in either shape (`strapiArticleAttributesSchema`). */
export const strapiArticleSchema = z.object({
  id: z.number().int(),
  attributes: strapiArticleAttributesSchema,
});

/** A page of Strapi v4 entities: `{ data: [entity], meta: { pagination } }` in any pagination form. */
export function strapiListResponseSchema<T extends z.ZodType>(entity: T) {
  return z.object({
    data: z.array(entity),
    meta: z.object({ pagination: strapiPaginationMetaSchema }),
  });
}
/** One Strapi v4 entity (findOne): `{ data: entity, meta: {} }`. */
export function strapiEntityResponseSchema<T extends z.ZodType>(entity: T) {
  return z.object({ data: entity, meta: z.object({}) });
}
/** An article in either shape (`strapiArticleSchema`). */
export type StrapiArticle = z.infer<typeof strapiArticleSchema>;
/** A term entity (`strapiTermSchema`). */
export type StrapiTerm = z.infer<typeof strapiTermSchema>;
/** An author entity (`strapiAuthorSchema`). */
export type StrapiAuthor = z.infer<typeof strapiAuthorSchema>;
/** An image entity (`strapiMediaSchema`). */
export type StrapiMedia = z.infer<typeof strapiMediaSchema>;

/** `GET /api/fuzzy-search/search`: ranked matches, best first (docs/product/api.md#api-search). */
export const searchResponseSchema = z.object({
  articles: z.array(z.object({ id: z.number().int(), title: z.string(), slug: z.string() })),
});
/** The answer of `GET /api/fuzzy-search/search` (`searchResponseSchema`). */
export type SearchResponse = z.infer<typeof searchResponseSchema>;

/** `GET /api/articles/count`: how many articles readers can find. */
export const countResponseSchema = z.object({ count: z.number().int() });

// The allow-lists of the public collections in Strapi's query language (articles, categories,
// ecosystems, authors): what filters, sort, fields and populate may name; the column or subquery
// each name stands for is collections.repository.ts's (docs/product/api.md#api-strapi-query).
import type { TermKind } from "../../db/schema.ts";
import type { FilterSpec } from "../../http/strapi-filters.ts";
import type { CollectionSpec, PopulateSpec } from "../../http/strapi-query.ts";

/** What filters may name on a related category, tag, ecosystem or type. */
const termFilters: FilterSpec = { fields: { id: "number", name: "text", slug: "text" } };
const termPopulate: PopulateSpec = { fields: ["name", "slug"] };
/** An author's picture: its URL (the media row keeps no more that readers need). */
const picturePopulate: PopulateSpec = { fields: ["url"] };

/** The article relations that are terms, by their attribute name, with their kind. */
export const articleTermRelations = {
  categories: "category",
  tags: "tag",
  ecosystems: "ecosystem",
  types: "type",
} as const satisfies Record<string, TermKind>;

/** The scalar attributes of an article in Strapi's shape (relations come through `populate`). */
export const articleScalarFields = [
  "title",
  "subTitle",
  "slug",
  "publishDate",
  "publishedAt",
  "clicks",
  "likeCount",
  "bookmarkCount",
  "commentCount",
  "readingTimeMinutes",
  "excerpt",
  "content",
  "body",
  "updatedAt",
  "source",
] as const;

/** The relations of an article, as `populate` names them. */
export const articleRelations = ["author", "thumbnailUrl", ...Object.keys(articleTermRelations)];

/**
 * Articles: filters on the article's own fields (`publishedAt` is Strapi's name for
 * `publishDate`) and through its author, categories, tags, ecosystems and types; sort on the
 * stored fields; fields among every attribute (in our shape the relations are attributes too).
 */
export const articleSpec: CollectionSpec = {
  filters: {
    fields: {
      id: "number",
      title: "text",
      subTitle: "text",
      slug: "text",
      excerpt: "text",
      publishDate: "date",
      publishedAt: "date",
      clicks: "number",
      readingTimeMinutes: "number",
    },
    relations: {
      author: { fields: { id: "number", username: "text" } },
      ...Object.fromEntries(Object.keys(articleTermRelations).map((r) => [r, termFilters])),
    },
  },
  sort: [
    "id",
    "title",
    "subTitle",
    "slug",
    "publishDate",
    "publishedAt",
    "clicks",
    "readingTimeMinutes",
  ],
  fields: [...articleScalarFields, ...articleRelations],
  populate: {
    author: { fields: ["username"], populate: { profilePicture: picturePopulate } },
    thumbnailUrl: { fields: ["url", "width", "height", "alternativeText"] },
    ...Object.fromEntries(Object.keys(articleTermRelations).map((r) => [r, termPopulate])),
  },
};

/** Categories and ecosystems: filters on id, name and slug; sort also on the article count. */
export const termSpec: CollectionSpec = {
  filters: termFilters,
  sort: ["id", "name", "slug", "articleCount"],
  fields: ["name", "slug", "articleCount"],
  populate: {},
};

/** Authors: filters on id and username; sort also on the article count; the picture by populate. */
export const authorSpec: CollectionSpec = {
  filters: { fields: { id: "number", username: "text" } },
  sort: ["id", "username", "articleCount"],
  fields: ["username", "slug", "bio", "articleCount"],
  populate: { profilePicture: picturePopulate },
};

// An article row as the Strapi query language answers it: our card or full-article shape, or
// Strapi v4's with populated relations as `{ data }`; `fields` picks attributes
// (docs/product/api.md#api-strapi-query).
import type { StrapiArticle, StrapiAuthor, StrapiMedia, StrapiTerm } from "@pragmatist/contracts";
import type { Populate, StrapiFindOneQuery } from "../../http/strapi-query.ts";
import type { Term } from "./article-related.repository.ts";
import type { ArticleRow } from "./articles.repository.ts";
import { thumbnailOf, toCardOrArticle } from "./article-cards.ts";
import { articleRelations, articleTermRelations } from "./strapi-collections.ts";

/**
 * Which shape answers: ours (every relation on every card, flat, as the old client reads them),
 * or Strapi v4's, asked with the header `Strapi-Response-Format: v4` (relations only when
 * populated, as `{ data: { id, attributes } }`).
 */
export type ResponseShape = "ours" | "v4";

/** `attributes` with only the keys in `fields`, or all of them when `fields` is undefined. */
export function pick<T extends object>(attributes: T, fields: readonly string[] | undefined) {
  if (!fields) return attributes;
  return Object.fromEntries(
    Object.entries(attributes).filter(([key]) => fields.includes(key)),
  ) as Partial<T>;
}

/** An image entity with `attributes` picked by `fields`, or `{ data: null }` without an image. */
export function mediaRelation(
  id: number | null | undefined,
  attributes: StrapiMedia["attributes"],
  fields: string[] | undefined,
): { data: StrapiMedia | null } {
  return { data: id == null ? null : { id, attributes: pick(attributes, fields) } };
}

/** The author of `r` as a populated relation: username, and the picture when populated. */
function authorRelation(
  r: ArticleRow,
  { fields, populate }: Populate[string],
): { data: StrapiAuthor | null } {
  if (r.author_id === null || r.author_username === null) return { data: null };
  const attributes: StrapiAuthor["attributes"] = pick({ username: r.author_username }, fields);
  const picture = populate.profilePicture;
  if (picture) {
    const url = r.author_avatar_url ?? "";
    attributes.profilePicture = mediaRelation(r.author_avatar_id, { url }, picture.fields);
  }
  return { data: { id: r.author_id, attributes } };
}

/** Each relation of `r` (with its `terms`) that `populate` names, in Strapi v4's `{ data }` form. */
function relationsOf(r: ArticleRow, terms: Term[], populate: Populate) {
  const out: Record<string, unknown> = {};
  for (const [name, relation] of Object.entries(populate)) {
    if (name === "author") {
      out.author = authorRelation(r, relation);
    } else if (name === "thumbnailUrl") {
      const thumbnail = thumbnailOf(r);
      const id = thumbnail ? r.thumbnail_id : null;
      out.thumbnailUrl = mediaRelation(id, thumbnail ?? {}, relation.fields);
    } else {
      const kind = articleTermRelations[name as keyof typeof articleTermRelations];
      const data: StrapiTerm[] = terms
        .filter((t) => t.kind === kind)
        .map((t) => ({
          id: t.id,
          attributes: pick({ name: t.name, slug: t.slug }, relation.fields),
        }));
      out[name] = { data };
    }
  }
  return out;
}

/**
 * Row `r` (with its `terms`, article-cards.ts `loadTerms`) as `shape`: ours is the card, or the full
 * article when `r` was read with its content, every relation flat; Strapi v4's has the scalar
 * attributes plus `publishedAt` (Strapi's name for `publishDate`) and only the relations
 * `query.populate` names, as `{ data }`. `query.fields` keeps only the attributes it names (in
 * Strapi's shape, relations come through populate alone).
 */
export function articleEntity(
  r: ArticleRow,
  terms: Term[],
  shape: ResponseShape,
  query: StrapiFindOneQuery,
): StrapiArticle {
  const { id, attributes } = toCardOrArticle(r, terms);
  if (shape === "ours" && !query.fields) return { id, attributes };
  const all = { ...attributes, publishedAt: attributes.publishDate };
  if (shape === "ours") return { id, attributes: pick(all, query.fields) };
  const scalars = Object.fromEntries(
    Object.entries(all).filter(([key]) => !articleRelations.includes(key)),
  );
  return {
    id,
    attributes: {
      ...pick(scalars, query.fields),
      ...relationsOf(r, terms, query.populate ?? {}),
    } as StrapiArticle["attributes"],
  };
}

// An article row as the Strapi query language answers it: our card or full-article shape, or
// Strapi v4's with populated relations as `{ data }`; `fields` picks attributes
// (docs/product.md#api-strapi-query).
import type { StrapiArticle, StrapiAuthor, StrapiMedia, StrapiTerm } from "@pragmatist/contracts";
import type { Populate, StrapiFindOneQuery } from "../../http/strapi-query.ts";
import type { ArticleRow } from "./articles.repository.ts";
import { type Related, toCardOrArticle, toMedia } from "./article-cards.ts";
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
  related: Related,
  { fields, populate }: Populate[string],
): { data: StrapiAuthor | null } {
  const author = r.author_id === null ? undefined : related.authorById.get(r.author_id);
  if (!author) return { data: null };
  const attributes: StrapiAuthor["attributes"] = pick({ username: author.username }, fields);
  const picture = populate.profilePicture;
  if (picture) {
    const url = author.avatar_url ?? "";
    attributes.profilePicture = mediaRelation(author.avatar_id, { url }, picture.fields);
  }
  return { data: { id: author.id, attributes } };
}

/** Each relation of `r` that `populate` names, in Strapi v4's `{ data }` form. */
function relationsOf(r: ArticleRow, related: Related, populate: Populate) {
  const out: Record<string, unknown> = {};
  for (const [name, relation] of Object.entries(populate)) {
    if (name === "author") {
      out.author = authorRelation(r, related, relation);
    } else if (name === "thumbnailUrl") {
      const m = r.thumbnail_id === null ? undefined : related.mediaById.get(r.thumbnail_id);
      out.thumbnailUrl = mediaRelation(m?.id, m ? toMedia(m) : {}, relation.fields);
    } else {
      const kind = articleTermRelations[name as keyof typeof articleTermRelations];
      const terms = (related.termsById.get(r.id) ?? []).filter((t) => t.kind === kind);
      const data: StrapiTerm[] = terms.map((t) => ({
        id: t.id,
        attributes: pick({ name: t.name, slug: t.slug }, relation.fields),
      }));
      out[name] = { data };
    }
  }
  return out;
}

/**
 * Row `r` (with what `loadRelated` found for its page) as `shape`: ours is the card, or the full
 * article when `r` was read with its content, every relation flat; Strapi v4's has the scalar
 * attributes plus `publishedAt` (Strapi's name for `publishDate`) and only the relations
 * `query.populate` names, as `{ data }`. `query.fields` keeps only the attributes it names (in
 * Strapi's shape, relations come through populate alone).
 */
export function articleEntity(
  r: ArticleRow,
  related: Related,
  shape: ResponseShape,
  query: StrapiFindOneQuery,
): StrapiArticle {
  const { id, attributes } = toCardOrArticle(r, related);
  const all = { ...attributes, publishedAt: attributes.publishDate };
  if (shape === "ours")
    return { id, attributes: query.fields ? pick(all, query.fields) : attributes };
  const scalars = Object.fromEntries(
    Object.entries(all).filter(([key]) => !articleRelations.includes(key)),
  );
  return {
    id,
    attributes: {
      ...pick(scalars, query.fields),
      ...relationsOf(r, related, query.populate ?? {}),
    } as StrapiArticle["attributes"],
  };
}

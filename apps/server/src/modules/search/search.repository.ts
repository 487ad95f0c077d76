// Kysely queries of the search module: the articles and tags the index is rebuilt from.
import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.ts";
import type { SearchDocument } from "./search.types.ts";

/**
 * Every article (any status) as a search document, by id, with the names of its tag terms in
 * their order (`article_terms.position`).
 */
export async function loadDocuments(db: Kysely<Database>): Promise<SearchDocument[]> {
  const articles = await db
    .selectFrom("articles")
    .select(["id", "title", "sub_title", "content"])
    .orderBy("id")
    .execute();
  const terms = await db
    .selectFrom("article_terms as at")
    .innerJoin("terms as t", "t.id", "at.term_id")
    .select(["at.article_id", "t.name"])
    .where("t.kind", "=", "tag")
    .orderBy("at.article_id")
    .orderBy("at.position")
    .execute();
  const tags = new Map<number, string[]>();
  for (const t of terms) {
    const list = tags.get(t.article_id);
    if (list) list.push(t.name);
    else tags.set(t.article_id, [t.name]);
  }
  return articles.map((a) => ({
    id: a.id,
    title: a.title,
    subTitle: a.sub_title,
    content: a.content,
    tags: tags.get(a.id) ?? [],
  }));
}

// Typo-tolerant ranked full-text search over published articles, behind one interface with an
// SQLite (FTS5) and a PostgreSQL (tsvector + pg_trgm) implementation.
import type { Kysely } from "kysely";
import type { Db } from "../../db/client.ts";
import type { Database } from "../../db/schema.ts";
import { createPostgresSearch } from "./search.postgres.ts";
import { createSqliteSearch } from "./search.sqlite.ts";
import type { SearchDocument, SearchOptions, SearchService } from "./search.types.ts";

/** Every article as a search document, with the names of its tag terms in their order. */
async function loadDocuments(db: Kysely<Database>): Promise<SearchDocument[]> {
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

/**
 * Chooses the implementation for the database's engine: FTS5 on SQLite, tsvector + pg_trgm on
 * PostgreSQL. Both need migration 002-search; neither touches the tables before the first call.
 */
export function createSearchService(db: Db, options: SearchOptions = {}): SearchService {
  const engine =
    db.dialect === "sqlite"
      ? createSqliteSearch(db.sqlite, options)
      : createPostgresSearch(db.kysely, options);
  return {
    index: (doc) => engine.index(doc),
    remove: (id) => engine.remove(id),
    search: (query, limit) => engine.search(query, limit),
    async rebuild() {
      const docs = await loadDocuments(db.kysely);
      await engine.replaceAll(docs);
      return docs.length;
    },
  };
}

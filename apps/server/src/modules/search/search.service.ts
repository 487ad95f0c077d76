// Typo-tolerant ranked full-text search over published articles, behind one interface with an
// SQLite (FTS5) and a PostgreSQL (tsvector + pg_trgm) implementation.
import type { Db } from "../../db/client.ts";
import { createPostgresSearch } from "./search.postgres.ts";
import { loadDocuments } from "./search.repository.ts";
import { createSqliteSearch } from "./search.sqlite.ts";
import type { SearchOptions, SearchService } from "./search.types.ts";

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
    search: (query, limit, match = "all") => engine.search(query, limit, match),
    async rebuild() {
      const docs = await loadDocuments(db.kysely);
      await engine.replaceAll(docs);
      return docs.length;
    },
  };
}

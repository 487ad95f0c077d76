// Typo-tolerant ranked full-text search over published articles, behind one interface with an
// SQLite (FTS5) and a PostgreSQL (tsvector + pg_trgm) implementation.
import type { Db } from "../../db/client.ts";

export interface SearchDocument {
  id: number;
  title: string;
  subTitle: string;
  /** Markdown or plain text; markup is not indexed as words. */
  content: string;
  tags: string[];
}

export interface SearchHit {
  id: number;
  title: string;
  slug: string;
}

export interface SearchService {
  /** Adds or replaces an article's searchable text (call after the article row is written). */
  index(doc: SearchDocument): Promise<void>;
  /** Removes an article from the index. */
  remove(id: number): Promise<void>;
  /**
   * Ranked published articles matching `query`, best first, at most `limit`. Search syntax in the
   * query (quotes, `*`, `-`, NEAR, OR, parentheses) is treated as text; misspelt words are
   * corrected against the indexed vocabulary. An empty query gives [].
   */
  search(query: string, limit: number): Promise<SearchHit[]>;
}

/** Chooses the implementation for the database's engine. */
export function createSearchService(db: Db): SearchService {
  void db;
  return { index: async () => {}, remove: async () => {}, search: async () => [] };
}

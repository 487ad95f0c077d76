// The search module's shapes: what is indexed, what a query returns, and what each engine implements.

/** An article's searchable text, as indexed. */
export interface SearchDocument {
  id: number;
  title: string;
  subTitle: string;
  /** Markdown or plain text; markup is not indexed as words. */
  content: string;
  tags: string[];
}

/** One ranked match: the article's id, title and slug. */
export interface SearchHit {
  id: number;
  title: string;
  slug: string;
}

/** Which words of a query a hit must have (`SearchService.search`). */
export type SearchMatch = "all" | "any";

/** Full-text search over published articles (docs/architecture.md "Search"). */
export interface SearchService {
  /** Adds or replaces an article's searchable text (call after the article row is written). */
  index(doc: SearchDocument): Promise<void>;
  /** Removes an article from the index. */
  remove(id: number): Promise<void>;
  /**
   * Ranked published articles matching `query`, best first, at most `limit`. Search syntax in the
   * query (quotes, `*`, `-`, NEAR, OR, parentheses) is treated as text; misspelt words are
   * corrected against the indexed vocabulary. An empty query gives []. `match` "all" (the search
   * box's) ranks the articles with every word, or, when none has them all, those with some;
   * "any" ranks every article with some of them at once: the articles most like a text (an
   * article's title and tags, docs/product/reader.md#read-next).
   */
  search(query: string, limit: number, match?: SearchMatch): Promise<SearchHit[]>;
  /**
   * Replaces the whole index with every article in the database (any status: visibility is
   * decided at query time), its tags being the names of its `tag` terms in their order. For bulk
   * imports and for databases written without the service. Resolves to the number indexed.
   */
  rebuild(): Promise<number>;
}

/** What each engine implements; the service adds `rebuild` on top of `replaceAll`. */
export interface SearchEngine extends Omit<SearchService, "rebuild"> {
  /** Empties the index and indexes `docs`, atomically. */
  replaceAll(docs: SearchDocument[]): Promise<void>;
}

/** How the service is built. */
export interface SearchOptions {
  /** The clock deciding which publish dates are past (default: the system clock). */
  now?: () => Date;
}

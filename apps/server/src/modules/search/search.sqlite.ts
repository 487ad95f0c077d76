// SQLite search: an FTS5 index ranked by bm25, and the indexed vocabulary in memory for typo correction.
import type SQLite from "better-sqlite3";
import { MAX_LIMIT, RANK_MARGIN, indexedFields, queryWords, termGroup } from "./search.query.ts";
import type { SearchDocument, SearchEngine, SearchHit, SearchOptions } from "./search.types.ts";
import { Vocabulary } from "./search.vocabulary.ts";

/**
 * bm25 weights in the column order of articles_fts (title, sub_title, content, tags): a title hit
 * outweighs any number of body mentions (bm25 saturates term frequency), subtitle and tags sit
 * between. Lower bm25 is better.
 */
const RANK = "bm25(articles_fts, 10.0, 4.0, 1.0, 4.0)";

/** How long a loaded vocabulary is trusted before checking for changes by other processes. */
const VOCABULARY_MAX_AGE_MS = 30_000;

/** An FTS5 string literal; `plainWords` output has no quotes, the doubling is belt and braces. */
function phrase(word: string): string {
  return `"${word.replaceAll('"', '""')}"`;
}

/** An FTS5 MATCH expression: each group's alternatives ORed, the groups joined by `op`. */
function matchExpression(groups: string[][], op: "AND" | "OR"): string {
  return groups
    .map((g) => (g.length === 1 ? phrase(g[0] as string) : `(${g.map(phrase).join(" OR ")})`))
    .join(` ${op} `);
}

/**
 * The engine's prepared statements. Ranking runs inside FTS5 alone and only the top rows are
 * checked against articles: joining first makes SQLite look up (and sort) every matching article,
 * several times slower for common words. CROSS JOIN pins the join order; left alone, the planner
 * walks the status index instead.
 */
function prepareStatements(db: SQLite.Database) {
  return {
    rank: db
      .prepare<[string, number], number>(
        `select rowid from articles_fts where articles_fts match ? order by ${RANK}, rowid limit ?`,
      )
      .pluck(),
    visible: db.prepare<[string, string], SearchHit>(
      `select a.id, a.title, a.slug
         from json_each(?) as j cross join articles a on a.id = j.value
        where a.status = 'published' and a.publish_date <= ?`,
    ),
    vocabulary: db.prepare<[], { term: string; doc: number }>(
      "select term, doc from articles_fts_vocab",
    ),
    generation: db.prepare<[], number>("select generation from search_state where id = 1").pluck(),
    bump: db.prepare("update search_state set generation = generation + 1 where id = 1"),
    deleteText: db.prepare<[number]>("delete from articles_fts where rowid = ?"),
    insertText: db.prepare<[number, string, string, string, string]>(
      "insert into articles_fts (rowid, title, sub_title, content, tags) values (?, ?, ?, ?, ?)",
    ),
    deleteWords: db.prepare<[number]>("delete from articles_fts_words where rowid = ?"),
    insertWords: db.prepare<[number, string]>(
      "insert into articles_fts_words (rowid, words) values (?, ?)",
    ),
    clear: db.prepare("insert into articles_fts (articles_fts) values ('delete-all')"),
    clearWords: db.prepare(
      "insert into articles_fts_words (articles_fts_words) values ('delete-all')",
    ),
    // Merges the index into one segment: after a bulk load, queries read one b-tree per term.
    optimize: db.prepare("insert into articles_fts (articles_fts) values ('optimize')"),
  };
}

type Statements = ReturnType<typeof prepareStatements>;

/** The engine's state: its database, and what it prepares or loads on first use. */
interface SqliteSearchState {
  db: SQLite.Database;
  /** Prepared on first use: the service may be created before migrations have run. */
  statements: Statements | null;
  vocabulary: Vocabulary | null;
}

/** The prepared statements, prepared on the first call. */
function st(state: SqliteSearchState): Statements {
  return (state.statements ??= prepareStatements(state.db));
}

/** Writes (or rewrites) one article's text and words; returns its words. */
function write(s: Statements, doc: SearchDocument): string[] {
  const f = indexedFields(doc);
  s.deleteText.run(doc.id);
  s.insertText.run(doc.id, f.title, f.subTitle, f.content, f.tags);
  s.deleteWords.run(doc.id);
  s.insertWords.run(doc.id, f.vocabulary.join(" "));
  return f.vocabulary;
}

/** The engine's writes, each one transaction that bumps the change counter. */
function writeTransactions(state: SqliteSearchState) {
  const { db } = state;
  return {
    indexOne: db.transaction((doc: SearchDocument) => {
      const words = write(st(state), doc);
      st(state).bump.run();
      return words;
    }),
    removeOne: db.transaction((id: number) => {
      const s = st(state);
      s.deleteText.run(id);
      s.deleteWords.run(id);
      s.bump.run();
    }),
    replaceAll: db.transaction((docs: SearchDocument[]) => {
      const s = st(state);
      s.clear.run();
      s.clearWords.run();
      for (const doc of docs) write(s, doc);
      s.optimize.run();
      s.bump.run();
    }),
  };
}

/**
 * The best `max` published articles for an FTS5 expression: the top of the FTS5 ranking with a
 * margin for drafts and future-dated articles, widened until enough are visible or none is left.
 */
function ranked(s: Statements, expression: string, published: string, max: number): SearchHit[] {
  for (let want = max + RANK_MARGIN; ; want *= 4) {
    const ids = s.rank.all(expression, want);
    if (ids.length === 0) return [];
    const rows = s.visible.all(JSON.stringify(ids), published);
    if (rows.length >= max || ids.length < want) {
      const byId = new Map(rows.map((r) => [r.id, r]));
      const hits: SearchHit[] = [];
      for (const id of ids) {
        const hit = byId.get(id);
        if (hit) hits.push({ id: hit.id, title: hit.title, slug: hit.slug });
        if (hits.length === max) break;
      }
      return hits;
    }
  }
}

/** The vocabulary, reloaded when another process (or a removal here) changed the index. */
function currentVocabulary(state: SqliteSearchState): Vocabulary {
  const at = Date.now();
  const { vocabulary } = state;
  if (vocabulary && at - vocabulary.checkedAt < VOCABULARY_MAX_AGE_MS) return vocabulary;
  const s = st(state);
  const generation = s.generation.get() ?? 0;
  if (vocabulary && vocabulary.generation === generation) {
    vocabulary.checkedAt = at;
    return vocabulary;
  }
  state.vocabulary = new Vocabulary(s.vocabulary.iterate(), generation, at);
  return state.vocabulary;
}

/**
 * `SearchEngine.search`: `allWords` for the match "all" (`SearchMatch`); `now` decides which
 * publish dates are past.
 */
function searchDocuments(
  state: SqliteSearchState,
  query: string,
  limit: number,
  allWords: boolean,
  now: () => Date,
): SearchHit[] {
  const words = queryWords(query);
  const max = Math.min(Math.max(Math.floor(limit), 0), MAX_LIMIT);
  if (words.length === 0 || !(max > 0)) return [];
  const vocab = currentVocabulary(state);
  const groups = words.map((w, i) => termGroup(w, i === words.length - 1, vocab.lookup(w)));
  const published = now().toISOString();
  const op = allWords ? "AND" : "OR";
  const hits = ranked(st(state), matchExpression(groups, op), published, max);
  if (hits.length > 0 || groups.length === 1 || op === "OR") return hits;
  // No article has every word: rank those that have some of them.
  return ranked(st(state), matchExpression(groups, "OR"), published, max);
}

/**
 * The SQLite engine over the raw better-sqlite3 handle (synchronous prepared statements; a query
 * takes well under a millisecond plus the FTS5 lookup). Tables come from migration 002-search:
 * articles_fts (porter-stemmed, contentless, rowid = article id), articles_fts_words (unstemmed
 * words, for the vocabulary through articles_fts_vocab) and search_state (a change counter that
 * tells other processes to reload their vocabulary).
 * @throws Error when `sqlite` is null (the database is not SQLite).
 */
export function createSqliteSearch(
  sqlite: SQLite.Database | null,
  options: SearchOptions = {},
): SearchEngine {
  if (!sqlite) throw new Error("The SQLite search engine needs a SQLite database");
  const now = options.now ?? (() => new Date());
  const state: SqliteSearchState = { db: sqlite, statements: null, vocabulary: null };
  const writes = writeTransactions(state);
  return {
    async index(doc) {
      const words = writes.indexOne(doc);
      // New words are correctable at once; exact counts (and removals) follow within 30 s.
      state.vocabulary?.add(words);
    },
    async remove(id) {
      writes.removeOne(id);
    },
    async replaceAll(docs) {
      writes.replaceAll(docs);
      state.vocabulary = null;
    },
    async search(query, limit, match = "all") {
      return searchDocuments(state, query, limit, match === "all", now);
    },
  };
}

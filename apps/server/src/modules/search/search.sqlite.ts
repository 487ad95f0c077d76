// SQLite search: an FTS5 index ranked by bm25, and the indexed vocabulary in memory for typo correction.
import type SQLite from "better-sqlite3";
import {
  type VocabularyEntry,
  type WordLookup,
  completions,
  corrections,
  MAX_LIMIT,
  RANK_MARGIN,
  indexedFields,
  maxEdits,
  queryWords,
  termGroup,
} from "./search.query.ts";
import type { SearchDocument, SearchEngine, SearchHit, SearchOptions } from "./search.types.ts";

/**
 * bm25 weights in the column order of articles_fts (title, sub_title, content, tags): a title hit
 * outweighs any number of body mentions (bm25 saturates term frequency), subtitle and tags sit
 * between. Lower bm25 is better.
 */
const RANK = "bm25(articles_fts, 10.0, 4.0, 1.0, 4.0)";

/** How long a loaded vocabulary is trusted before checking for changes by other processes. */
const VOCABULARY_MAX_AGE_MS = 30_000;

/**
 * Vocabulary words with their document counts, bucketed so a correction compares a misspelt word
 * only with words of similar length sharing its first (or else its last) letter, and sorted for
 * prefix completion. Loaded from the fts5vocab table; `add` keeps it current between reloads.
 */
class Vocabulary {
  readonly generation: number;
  checkedAt: number;
  private readonly entries = new Map<string, VocabularyEntry>();
  private readonly sorted: string[] = [];
  private readonly byFirst = new Map<string, VocabularyEntry[]>();
  private readonly byLast = new Map<string, VocabularyEntry[]>();

  constructor(rows: Iterable<{ term: string; doc: number }>, generation: number, at: number) {
    this.generation = generation;
    this.checkedAt = at;
    for (const row of rows) this.put(row.term, row.doc);
    this.sorted.sort();
  }

  /** Counts one more article containing each of `words` (a new word is inserted in order). */
  add(words: string[]): void {
    for (const word of words) {
      const entry = this.entries.get(word);
      if (entry) {
        entry.docCount += 1;
        continue;
      }
      this.put(word, 1);
      this.sorted.pop();
      this.sorted.splice(this.lowerBound(word), 0, word);
    }
  }

  lookup(word: string): WordLookup {
    return {
      known: this.entries.has(word),
      completions: () => completions(word, this.prefixed(word)),
      corrections: () => {
        const d = maxEdits(word);
        if (d === 0) return [];
        const found = corrections(word, this.bucketed(this.byFirst, word, word[0] ?? "", d));
        if (found.length > 0) return found;
        return corrections(word, this.bucketed(this.byLast, word, word.at(-1) ?? "", d));
      },
    };
  }

  private put(word: string, docCount: number): void {
    const entry = { word, docCount };
    this.entries.set(word, entry);
    this.sorted.push(word);
    push(this.byFirst, `${word.length} ${word[0]}`, entry);
    push(this.byLast, `${word.length} ${word.at(-1)}`, entry);
  }

  private *bucketed(
    buckets: Map<string, VocabularyEntry[]>,
    word: string,
    letter: string,
    edits: number,
  ): Generator<VocabularyEntry> {
    for (let n = Math.max(1, word.length - edits); n <= word.length + edits; n++) {
      yield* buckets.get(`${n} ${letter}`) ?? [];
    }
  }

  private *prefixed(prefix: string): Generator<VocabularyEntry> {
    for (let i = this.lowerBound(prefix); i < this.sorted.length; i++) {
      const word = this.sorted[i] as string;
      if (!word.startsWith(prefix)) return;
      yield this.entries.get(word) as VocabularyEntry;
    }
  }

  private lowerBound(word: string): number {
    let lo = 0;
    let hi = this.sorted.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if ((this.sorted[mid] as string) < word) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }
}

function push<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

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
  const db = sqlite;
  const now = options.now ?? (() => new Date());
  let statements: ReturnType<typeof prepare> | null = null;
  let vocabulary: Vocabulary | null = null;

  // Prepared on first use: the service may be created before migrations have run. Ranking runs
  // inside FTS5 alone and only the top rows are checked against articles: joining first makes
  // SQLite look up (and sort) every matching article, several times slower for common words.
  // CROSS JOIN pins the join order; left alone, the planner walks the status index instead.
  function prepare() {
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
      generation: db
        .prepare<[], number>("select generation from search_state where id = 1")
        .pluck(),
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
  const st = () => (statements ??= prepare());

  function write(doc: SearchDocument): string[] {
    const f = indexedFields(doc);
    const s = st();
    s.deleteText.run(doc.id);
    s.insertText.run(doc.id, f.title, f.subTitle, f.content, f.tags);
    s.deleteWords.run(doc.id);
    s.insertWords.run(doc.id, f.vocabulary.join(" "));
    return f.vocabulary;
  }

  const indexOne = db.transaction((doc: SearchDocument) => {
    const words = write(doc);
    st().bump.run();
    return words;
  });
  const removeOne = db.transaction((id: number) => {
    const s = st();
    s.deleteText.run(id);
    s.deleteWords.run(id);
    s.bump.run();
  });
  const replaceAll = db.transaction((docs: SearchDocument[]) => {
    const s = st();
    s.clear.run();
    s.clearWords.run();
    for (const doc of docs) write(doc);
    s.optimize.run();
    s.bump.run();
  });

  /**
   * The best `max` published articles for an FTS5 expression: the top of the FTS5 ranking with a
   * margin for drafts and future-dated articles, widened until enough are visible or none is left.
   */
  function ranked(expression: string, published: string, max: number): SearchHit[] {
    const s = st();
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
  function currentVocabulary(): Vocabulary {
    const at = Date.now();
    if (vocabulary && at - vocabulary.checkedAt < VOCABULARY_MAX_AGE_MS) return vocabulary;
    const s = st();
    const generation = s.generation.get() ?? 0;
    if (vocabulary && vocabulary.generation === generation) {
      vocabulary.checkedAt = at;
      return vocabulary;
    }
    vocabulary = new Vocabulary(s.vocabulary.iterate(), generation, at);
    return vocabulary;
  }

  return {
    async index(doc) {
      const words = indexOne(doc);
      // New words are correctable at once; exact counts (and removals) follow within 30 s.
      vocabulary?.add(words);
    },
    async remove(id) {
      removeOne(id);
    },
    async replaceAll(docs) {
      replaceAll(docs);
      vocabulary = null;
    },
    async search(query, limit) {
      const words = queryWords(query);
      const max = Math.min(Math.max(Math.floor(limit), 0), MAX_LIMIT);
      if (words.length === 0 || !(max > 0)) return [];
      const vocab = currentVocabulary();
      const groups = words.map((w, i) => termGroup(w, i === words.length - 1, vocab.lookup(w)));
      const published = now().toISOString();
      const hits = ranked(matchExpression(groups, "AND"), published, max);
      if (hits.length > 0 || groups.length === 1) return hits;
      // No article has every word: rank those that have some of them.
      return ranked(matchExpression(groups, "OR"), published, max);
    },
  };
}

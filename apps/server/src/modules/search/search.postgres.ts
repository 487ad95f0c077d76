// PostgreSQL search: a weighted tsvector per article with a GIN index, and pg_trgm over the indexed
// words for typo correction.
import { type Kysely, sql } from "kysely";
import type { Database } from "../../db/schema.ts";
import {
  MIN_COMPLETION_LENGTH,
  type VocabularyEntry,
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
 * ts_rank weights in PostgreSQL's order {D, C, B, A}: content 0.1, subtitle and tags 0.4, title
 * 1. ts_rank (not ts_rank_cd) because it saturates repeated occurrences of a term (sum of w/i²),
 * so one title hit outranks any number of body mentions, as bm25 does on SQLite.
 */
const WEIGHTS = "{0.1, 0.2, 0.4, 1.0}";

/** Advisory-lock namespace ("srch") serialising index/remove of one article across processes. */
const LOCK_NAMESPACE = 0x73726368;

/** Trigram neighbours fetched per misspelt word before the edit-distance check. */
const NEIGHBOURS = 30;

type Q = Kysely<Database>;

/** A tsquery literal; `plainWords` output is letters and digits only, the doubling is belt and braces. */
function lexeme(word: string): string {
  return `'${word.replaceAll("'", "''")}'`;
}

/**
 * Text for `to_tsquery('english', $1)`: each group's alternatives ORed, the groups joined by `op`.
 * Built only from vocabulary or query words (Unicode letters and digits), and always bound as a
 * parameter, so user text never becomes tsquery operators.
 */
function tsqueryText(groups: string[][], op: "&" | "|"): string {
  return groups.map((g) => `(${g.map(lexeme).join(" | ")})`).join(` ${op} `);
}

interface VocabularyRow {
  kind: "exact" | "prefix" | "similar";
  query: string;
  word: string;
  doc_count: number;
}

/** Writes (or rewrites) one article's tsvector and words; returns its words. */
async function write(trx: Q, doc: SearchDocument): Promise<string[]> {
  const f = indexedFields(doc);
  const subTitleAndTags = `${f.subTitle} ${f.tags}`;
  await sql`
    insert into search_documents (article_id, document, words)
    values (
      ${doc.id},
      setweight(to_tsvector('english', ${f.title}), 'A')
        || setweight(to_tsvector('english', ${subTitleAndTags}), 'B')
        || setweight(to_tsvector('english', ${f.content}), 'D'),
      ${f.vocabulary}::text[]
    )
    on conflict (article_id) do update set document = excluded.document, words = excluded.words
  `.execute(trx);
  return f.vocabulary;
}

/** Counts one more document for each `added` word and one fewer for each `removed` one. */
async function count(trx: Q, added: string[], removed: string[]): Promise<void> {
  if (added.length > 0) {
    await sql`
      insert into search_words (word, doc_count)
      select w, 1 from unnest(${added}::text[]) as w order by w
      on conflict (word) do update set doc_count = search_words.doc_count + 1
    `.execute(trx);
  }
  if (removed.length > 0) {
    await sql`
      update search_words set doc_count = doc_count - 1 where word = any(${removed}::text[])
    `.execute(trx);
    await sql`
      delete from search_words where word = any(${removed}::text[]) and doc_count <= 0
    `.execute(trx);
  }
}

/** Locks the article's index entry for this transaction; returns its indexed words, or null. */
async function previousWords(trx: Q, id: number): Promise<string[] | null> {
  await sql`select pg_advisory_xact_lock(${LOCK_NAMESPACE}, ${id})`.execute(trx);
  const { rows } = await sql<{ words: string[] }>`
    select words from search_documents where article_id = ${id}
  `.execute(trx);
  return rows[0]?.words ?? null;
}

/**
 * The vocabulary rows for `words` in one query: which are known (`exact`), completions of the
 * last word (`prefix`, the 20 most common) and trigram neighbours of each misspellable word
 * (`similar`, NEIGHBOURS per word).
 */
async function lookups(db: Q, words: string[]): Promise<VocabularyRow[]> {
  const last = words.at(-1) ?? "";
  const prefix = last.length >= MIN_COMPLETION_LENGTH ? `${last}%` : null;
  const misspellable = words.filter((w) => maxEdits(w) > 0);
  const { rows } = await sql<VocabularyRow>`
    select 'exact' as kind, word as query, word, doc_count
      from search_words where word = any(${words}::text[])
    union all
    select 'prefix', ${last}, word, doc_count from (
      select word, doc_count from search_words
       where ${prefix}::text is not null and word like ${prefix}::text
       order by doc_count desc, word limit 20
    ) completed
    union all
    select 'similar', q.word, near.word, near.doc_count
      from unnest(${misspellable}::text[]) as q(word)
      cross join lateral (
        select word, doc_count from search_words s
         where s.word % q.word
         order by s.word <-> q.word, s.doc_count desc
         limit ${NEIGHBOURS}
      ) near
  `.execute(db);
  return rows;
}

/** The top `want` articles of the ranking for `text`, each with whether readers may see it. */
function rankedRows(db: Q, text: string, published: string, want: number) {
  return db.transaction().execute(async (trx) => {
    // With the tsvectors out of line the heap looks tiny, so the planner prefers a
    // sequential scan that detoasts every article for @@; the GIN index is far cheaper.
    await sql`set local enable_seqscan = off`.execute(trx);
    const result = await sql<SearchHit & { visible: boolean | null }>`
      with q as (select to_tsquery('english', ${text}) as q),
      top as (
        select d.article_id, ts_rank(${WEIGHTS}::float4[], d.document, q.q) as rank
          from search_documents d, q
         where d.document @@ q.q
         order by rank desc, d.article_id
         limit ${want}
      )
      select top.article_id as id, a.title, a.slug,
             a.status = 'published' and a.publish_date <= ${published} as visible
        from top left join articles a on a.id = top.article_id
       order by top.rank desc, top.article_id
    `.execute(trx);
    return result.rows;
  });
}

/**
 * The best `max` published articles for a tsquery text: the top of the ranking over
 * search_documents alone (joining articles first would hash every published article), with a
 * margin for drafts and future-dated articles, widened until enough are visible or none is left.
 */
async function ranked(db: Q, text: string, published: string, max: number): Promise<SearchHit[]> {
  for (let want = max + RANK_MARGIN; ; want *= 4) {
    const rows = await rankedRows(db, text, published, want);
    const hits: SearchHit[] = [];
    for (const r of rows) {
      if (r.visible) hits.push({ id: r.id, title: r.title, slug: r.slug });
      if (hits.length === max) break;
    }
    if (hits.length === max || rows.length < want) return hits;
  }
}

/** Each query word's alternatives (itself, completions, corrections) from the vocabulary rows. */
function groupsOf(words: string[], rows: VocabularyRow[]): string[][] {
  return words.map((word, i) => {
    const of = (kind: VocabularyRow["kind"]): VocabularyEntry[] =>
      rows
        .filter((r) => r.kind === kind && r.query === word)
        .map((r) => ({ word: r.word, docCount: r.doc_count }));
    return termGroup(word, i === words.length - 1, {
      known: rows.some((r) => r.kind === "exact" && r.word === word),
      completions: () => completions(word, of("prefix")),
      corrections: () => corrections(word, of("similar")),
    });
  });
}

/** `SearchEngine.index`: rewrites the article and moves the word counts by the difference. */
async function indexDocument(db: Q, doc: SearchDocument): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const before = new Set((await previousWords(trx, doc.id)) ?? []);
    const after = await write(trx, doc);
    const kept = new Set(after);
    await count(
      trx,
      after.filter((w) => !before.has(w)),
      [...before].filter((w) => !kept.has(w)),
    );
  });
}

/** `SearchEngine.remove`. */
async function removeDocument(db: Q, id: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const before = await previousWords(trx, id);
    if (before === null) return;
    await sql`delete from search_documents where article_id = ${id}`.execute(trx);
    await count(trx, [], before);
  });
}

/** `SearchEngine.replaceAll`: rewrites both tables under an exclusive lock, then analyzes them. */
async function replaceAllDocuments(db: Q, docs: SearchDocument[]): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await sql`lock table search_documents, search_words in exclusive mode`.execute(trx);
    await sql`delete from search_documents`.execute(trx);
    await sql`delete from search_words`.execute(trx);
    for (const doc of docs) await write(trx, doc);
    await sql`
      insert into search_words (word, doc_count)
      select w, count(*) from search_documents, unnest(words) as w group by w
    `.execute(trx);
  });
  // Fresh statistics, or the planner scans search_words instead of using the trigram index.
  await sql`analyze search_documents, search_words`.execute(db);
}

/**
 * `SearchEngine.search`: `allWords` for the match "all" (`SearchMatch`); `now` decides which
 * publish dates are past.
 */
async function searchDocuments(
  db: Q,
  query: string,
  limit: number,
  allWords: boolean,
  now: () => Date,
): Promise<SearchHit[]> {
  const words = queryWords(query);
  const max = Math.min(Math.max(Math.floor(limit), 0), MAX_LIMIT);
  if (words.length === 0 || !(max > 0)) return [];
  const groups = groupsOf(words, await lookups(db, words));
  const published = now().toISOString();
  const op = allWords ? "&" : "|";
  const hits = await ranked(db, tsqueryText(groups, op), published, max);
  if (hits.length > 0 || groups.length === 1 || op === "|") return hits;
  // No article has every word: rank those that have some of them.
  return ranked(db, tsqueryText(groups, "|"), published, max);
}

/**
 * The PostgreSQL engine over Kysely (every value a bound parameter). Tables come from migration
 * 002-search: search_documents (article_id, weighted tsvector, the article's distinct words) and
 * search_words (word, doc_count) with a trigram GIN index, kept in step by index/remove.
 */
export function createPostgresSearch(db: Q, options: SearchOptions = {}): SearchEngine {
  const now = options.now ?? (() => new Date());
  return {
    index: (doc) => indexDocument(db, doc),
    remove: (id) => removeDocument(db, id),
    replaceAll: (docs) => replaceAllDocuments(db, docs),
    search: (query, limit, match = "all") =>
      searchDocuments(db, query, limit, match === "all", now),
  };
}

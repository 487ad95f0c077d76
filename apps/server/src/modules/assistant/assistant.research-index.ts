// Max's research index (decision 013): every section of the published articles in a BM25
// index (MiniSearch) with title and heading boosts, Porter2 stems, English stop words and a synonym
// table, rebuilt when the publication changes; and the sentences of a section that best answer a query.
import MiniSearch, { type Query } from "minisearch";
import { stem } from "../../text/stems.ts";
import { fold } from "../../text/words.ts";
import {
  type IndexedArticle,
  type Section,
  type Statement,
  sectionsOf,
  sentenceIndex,
  statementsOf,
} from "./assistant.research-statements.ts";
import { rankedWithFeedback, tellingTerms } from "./assistant.research-feedback.ts";
import {
  SYNONYMS,
  SYNONYM_WEIGHT,
  expandedQuery,
  isStop,
  synonymsOf,
  terms,
  titleAbbreviations,
  typoDistance,
} from "./assistant.research-words.ts";

export type { IndexedArticle, Section, Statement };

/**
 * How much a title (with the article's tags) holding the query's terms multiplies a section's score
 * (1 + this), and how many of the terms make a full match.
 */
const TITLE_WEIGHT = 2;
const TITLE_TERMS = 3;

/** A section found for a query, with its BM25 score (MiniSearch's, boosts included). */
export interface SectionHit {
  section: Section;
  score: number;
}

/** A BM25 index over sections, and what a query's sentences are weighed with. */
export interface ResearchIndex {
  /** The sections matching `query` (synonyms added), best first. */
  search(query: string, limit: number): SectionHit[];
  /**
   * The issues of the series whose names hold every one of `wanted` (stems), newest first: a
   * series is the articles whose titles begin with the same name before ":" or "#" ("Weekly
   * Newsletter #217: …", "Daily Market Wrap: …"), two or more of them.
   */
  series(wanted: string[]): Issue[];
  /** The sections of the article with this slug, in reading order (the opening first). */
  sectionsOf(slug: string): Section[];
  /**
   * Up to `max` statements of `best`'s article that best answer `query` (BM25 over its sentences,
   * each read with its neighbours and heading; synonyms and, lightly, the article's title added;
   * then the telling words of `best`, the article's section that best matches the query, fed back:
   * assistant.research-feedback.ts), best first; [] when none matches.
   */
  answering(best: Section, query: string, max: number): Statement[];
  /** The statements that best answer `query` in the whole library, best first, with their scores. */
  statements(query: string, limit: number): Array<{ statement: Statement; score: number }>;
  /** The statements of `section` in reading order. */
  statementsOf(section: Section): Statement[];
  /**
   * How much of `query` the article with this slug speaks of: the share of the query's words
   * (each weighed by its rarity among sections, synonyms counted) found anywhere in it, 0 to 1.
   */
  coverage(slug: string, query: string): number;
}

/**
 * How much an article's title weighs, beside the question, in choosing the sentences that answer
 * it: the title's words name what the article explains ("How to revoke token access").
 */
const TITLE_IN_ANSWER = 0.15;

/**
 * The telling words of the best section fed back into choosing the sentences that answer, and the
 * share of the best sentence's score the best match of them adds (chosen on the development and
 * research-point questions, decision 013).
 */
const FEEDBACK_TERMS = 5;
const FEEDBACK_SHARE = 0.4;

/** The fields of a section holding its words; `pairs` holds its adjacent words (pairsOf). */
const WORD_FIELDS = ["title", "keywords", "heading", "text"];

/** Each line's adjacent terms (stems, stop words out) joined by "_": "ethereum_classic". */
function pairsOf(text: string): string[] {
  return text.split("\n").flatMap((line) => {
    const t = terms(line);
    return t.slice(1).map((w, i) => `${t[i]}_${w}`);
  });
}

/** How much a pair of the reader's adjacent words, found adjacent, weighs beside one word. */
const PAIR_WEIGHT = 2;

/**
 * A BM25 index of `sections`: title ×3, tags and heading ×2, stems, stop words, light fuzziness
 * (typoDistance); and, in `pairs`, each line's adjacent terms (title, heading, text).
 */
function bm25(): MiniSearch<Section> {
  return new MiniSearch<Section>({
    fields: [...WORD_FIELDS, "pairs"],
    storeFields: [],
    extractField: (doc, field) =>
      field === "pairs"
        ? `${doc.title}\n${doc.heading ?? ""}\n${doc.text}`
        : (doc[field as keyof Section] ?? ""),
    tokenize: (text, field) =>
      field === "pairs" ? pairsOf(text) : (fold(text).match(/[\p{L}\p{N}]+/gu) ?? []),
    processTerm: (term, field) => (field === "pairs" ? term : isStop(term) ? null : stem(term)),
    searchOptions: {
      boost: { title: 3, keywords: 2, heading: 2 },
      fuzzy: typoDistance,
      combineWith: "OR",
    },
  });
}

/**
 * The section index's query for `query`: its words (`words`, synonyms added) in the word fields,
 * OR its pairs of adjacent words found adjacent, at PAIR_WEIGHT, so a section saying "Ethereum
 * Classic" or "base fee" ranks above one holding the words apart (the ordered pairs of the
 * sequential dependence model, Metzler & Croft 2005). MiniSearch multiplies a score by the number
 * of query terms matched, so a pair found also counts as one more term.
 */
function sectionQuery(query: string, words: Query): Query {
  const pairs = pairsOf(query);
  if (pairs.length === 0) return words;
  return {
    combineWith: "OR",
    queries: [
      { queries: [words], fields: WORD_FIELDS },
      {
        queries: [pairs.join(" ")],
        fields: ["pairs"],
        tokenize: (text) => text.split(" "),
        processTerm: (term) => term,
        fuzzy: false,
        boost: { pairs: PAIR_WEIGHT },
      },
    ],
  };
}

/** The name of the series a title belongs to: its words before ":" or "#"; null without either. */
function seriesName(title: string): string | null {
  const cut = title.search(/[:#]/);
  return cut > 0 ? title.slice(0, cut).trim().toLowerCase() : null;
}

/** What ranking sections reads of a research index. */
interface SectionRanking {
  mini: MiniSearch<Section>;
  sections: Section[];
  /** Synonym groups (the table's and the titles' abbreviations). */
  groups: readonly (readonly string[])[];
  /** A term's rarity among sections. */
  weight: (term: string) => number;
  expanded: (query: string) => Query;
}

/**
 * The sections matching `query` (synonyms added), best first, at most `limit`: BM25, multiplied
 * when the section's title and tags hold the query's rarest words (ResearchIndex.search).
 */
function rankSections(
  { mini, sections, groups, weight, expanded }: SectionRanking,
  query: string,
  limit: number,
): SectionHit[] {
  const own = new Set(terms(query));
  // A synonym in a title counts for less than the reader's own word ("ether" for "Ethereum").
  const synonyms = terms(synonymsOf(query, groups)).filter((t) => !own.has(t));
  const asked = new Map([
    ...synonyms.map((t) => [t, SYNONYM_WEIGHT] as const),
    ...[...own].map((t) => [t, 1] as const),
  ]);
  // The question's TITLE_TERMS rarest words in a title make it the question's topic, whatever
  // its length; a common word of it ("fees") in a title weighs as little as it says.
  const rarest = [...own].map(weight).sort((a, b) => b - a);
  const enough = rarest.slice(0, TITLE_TERMS).reduce((sum, w) => sum + w, 0);
  return mini
    .search(sectionQuery(query, expanded(query)))
    .map((r) => {
      const section = sections[r.id as number]!;
      // An article whose title is the question's topic is about it, not only on it.
      const titled = new Set(terms(`${section.title} ${section.keywords}`));
      const matched = [...asked]
        .filter(([t]) => titled.has(t))
        .reduce((sum, [t, share]) => sum + share * weight(t), 0);
      const covered = enough > 0 ? Math.min(1, matched / enough) : 0;
      return { section, score: r.score * (1 + TITLE_WEIGHT * covered) };
    })
    .sort((a, b) => b.score - a.score)
    .slice(0, limit);
}

/**
 * The share of `query`'s words (each weighed by `weight`, its rarity) that `own` (an article's
 * terms) holds, a word with synonyms counting when one of them is there (ResearchIndex.coverage).
 */
function coverageOf(
  own: Set<string>,
  groups: readonly (readonly string[])[],
  weight: (term: string) => number,
  query: string,
): number {
  const synonyms = new Set(terms(synonymsOf(query, groups)));
  const asked = [...new Set(terms(query))];
  const total = asked.reduce((sum, t) => sum + weight(t), 0);
  // A word of the query counts when the article has it or, for a word with synonyms, one of them.
  const has = (t: string) =>
    own.has(t) || (synonyms.has(t) && [...synonyms].some((s) => own.has(s)));
  const found = asked.reduce((sum, t) => sum + (has(t) ? weight(t) : 0), 0);
  return total > 0 ? found / total : 0;
}

/** What choosing an article's answering sentences reads of a research index. */
interface SentenceRanking {
  sentences: MiniSearch<{ id: number }>;
  statements: Statement[];
  /** Synonym groups (the table's and the titles' abbreviations). */
  groups: readonly (readonly string[])[];
  /** A term's rarity among sections. */
  weight: (term: string) => number;
}

/**
 * Up to `max` statements of `best`'s article that best answer `query`, best first
 * (ResearchIndex.answering): BM25 over its sentences with synonyms and, lightly, the title; then
 * the telling words of `best` the query lacks fed back (assistant.research-feedback.ts).
 */
function answeringSentences(
  { sentences, statements, groups, weight }: SentenceRanking,
  best: Section,
  query: string,
  max: number,
): Statement[] {
  // The title's words, lightly: a sentence that names the article's subject states its point.
  const asked: Query = {
    combineWith: "OR",
    queries: [
      expandedQuery(query, groups),
      { queries: [best.title], boostTerm: () => TITLE_IN_ANSWER },
    ],
  };
  const inArticle = (id: number) => statements[id]!.section.slug === best.slug;
  const first = sentences.search(asked, { filter: (r) => inArticle(r.id as number) });
  const own = new Set(terms(`${query} ${synonymsOf(query, groups)}`));
  const text = terms(`${best.title} ${best.heading ?? ""} ${best.text}`);
  const feedback = tellingTerms(text, own, weight, FEEDBACK_TERMS);
  return rankedWithFeedback(first, sentences, feedback, {
    fields: ["text"],
    filter: inArticle,
    share: FEEDBACK_SHARE,
  })
    .slice(0, max)
    .map((id) => statements[id]!);
}

/** Adds `value` to the list of `key` in `map`. */
function append<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

/** An article as a series lists it. */
export type Issue = Pick<IndexedArticle, "slug" | "title" | "publishDate">;

/**
 * The issues of the series in `byName` (every title's series name with its articles) whose names
 * hold every one of `wanted`, newest first; a name of one article is no series.
 */
function issuesOf(byName: Map<string, Issue[]>, wanted: string[]): Issue[] {
  return [...byName]
    .filter(([name, issues]) => {
      if (issues.length < 2) return false;
      const own = new Set(terms(name));
      return wanted.every((t) => own.has(t));
    })
    .flatMap(([, issues]) => issues)
    .sort((a, b) => b.publishDate.localeCompare(a.publishDate));
}

/** A research index that grows: `add` puts more articles in, `index` searches what is in so far. */
export interface ResearchIndexBuilder {
  /** Adds whole articles (each once); synchronous work proportional to their text. */
  add(articles: IndexedArticle[]): void;
  /** How many articles are in. */
  size(): number;
  /** The index over the articles added so far (it sees later additions too). */
  index: ResearchIndex;
}

/**
 * An empty index to add published articles with their Markdown to, a batch at a time (docs/scale.md:
 * the library is read in one keyset pass, and requests are answered between batches). It keeps the
 * sections and sentences with their BM25 indexes, and per term the number of sections holding it;
 * what words an article holds is read from its sections when asked (`coverage`), not kept.
 */
export function createResearchIndexBuilder(): ResearchIndexBuilder {
  const sections: Section[] = [];
  const bySlug = new Map<string, Section[]>();
  const titles = new Map<string, string>();
  const groups = [...SYNONYMS];
  const mini = bm25();
  const frequency = new Map<string, number>();
  const weight = (t: string) => Math.log((sections.length + 1) / ((frequency.get(t) ?? 0) + 0.5));
  const seriesByName = new Map<string, Issue[]>();
  const statements: Statement[] = [];
  const bySection = new Map<Section, Statement[]>();
  const sentences = sentenceIndex(statements);
  const expanded = (query: string) => expandedQuery(query, groups);

  function add(articles: IndexedArticle[]): void {
    const added = sectionsOf(articles, sections.length);
    sections.push(...added);
    mini.addAll(added);
    for (const section of added) {
      append(bySlug, section.slug, section);
      for (const t of new Set(terms(`${section.heading ?? ""} ${section.text}`))) {
        frequency.set(t, (frequency.get(t) ?? 0) + 1);
      }
    }
    for (const a of articles) {
      titles.set(a.slug, a.title);
      groups.push(...titleAbbreviations(a.title));
      const name = seriesName(a.title);
      const issue = { slug: a.slug, title: a.title, publishDate: a.publishDate };
      if (name) append(seriesByName, name, issue);
    }
    const said = statementsOf(added, statements.length);
    statements.push(...said);
    for (const [section, own] of Map.groupBy(said, (st) => st.section)) bySection.set(section, own);
    sentences.addAll(said.map((st) => ({ id: st.id })));
  }

  /** Every term of the article with this slug (title, tags, headings, text). */
  function articleTerms(slug: string): Set<string> {
    const own = bySlug.get(slug) ?? [];
    const first = own[0];
    return new Set(
      [
        first ? `${first.title} ${first.keywords}` : "",
        ...own.map((s) => `${s.heading ?? ""} ${s.text}`),
      ].flatMap((text) => terms(text)),
    );
  }

  const index: ResearchIndex = {
    search: (query, limit) =>
      rankSections({ mini, sections, groups, weight, expanded }, query, limit),
    series: (wanted) => issuesOf(seriesByName, wanted),
    sectionsOf: (slug) => bySlug.get(slug) ?? [],
    coverage: (slug, query) => coverageOf(articleTerms(slug), groups, weight, query),
    answering: (best, query, max) =>
      answeringSentences({ sentences, statements, groups, weight }, best, query, max),
    statements(query, limit) {
      return sentences
        .search(expanded(query))
        .slice(0, limit)
        .map((r) => ({ statement: statements[r.id as number]!, score: r.score }));
    },
    statementsOf: (section) => bySection.get(section) ?? [],
  };
  return { add, size: () => titles.size, index };
}

/** The index over `articles` (all published articles with their Markdown), built at once. */
export function buildResearchIndex(articles: IndexedArticle[]): ResearchIndex {
  const builder = createResearchIndexBuilder();
  builder.add(articles);
  return builder.index;
}

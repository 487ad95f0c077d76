// Max's research index (decision 013): every section of the published articles in a BM25
// index (MiniSearch) with title and heading boosts, Porter2 stems, English stop words and a synonym
// table, rebuilt when the publication changes; and the sentences of a section that best answer a query.
import MiniSearch, { type Query } from "minisearch";
import { splitSentences } from "../../text/sentences.ts";
import { stem } from "../../text/stems.ts";
import { markdownSections } from "../../text/sections.ts";
import { fold } from "../../text/words.ts";
import {
  SYNONYMS,
  SYNONYM_WEIGHT,
  expandedQuery,
  isStop,
  synonymsOf,
  terms,
  titleAbbreviations,
} from "./assistant.research-words.ts";

/** An article as the index reads it. */
export interface IndexedArticle {
  slug: string;
  title: string;
  subTitle: string;
  content: string;
  /** ISO 8601. */
  publishDate: string;
  /** The article's tags and category names: the words its editors file it under. */
  keywords: string[];
}

/** One section of an article: the document the index holds. */
export interface Section {
  id: number;
  slug: string;
  title: string;
  /** The heading as plain text; null for the opening (with the subtitle). */
  heading: string | null;
  text: string;
  publishDate: string;
  /** The article's keywords (IndexedArticle.keywords), joined. */
  keywords: string;
}

/**
 * Headings of sections that point elsewhere instead of explaining ("Further reading", "DAO
 * articles", "Videos"): never indexed, so never quoted.
 */
const POINTERS = new Set([
  "further",
  "reading",
  "articles",
  "resources",
  "related",
  "videos",
  "tutorials",
  "books",
  "links",
  "prerequisites",
  "podcasts",
  "references",
]);

/** Whether a section's heading says it lists other places to read. */
function pointsElsewhere(heading: string | null): boolean {
  return heading !== null && (fold(heading).match(/[\p{L}]+/gu) ?? []).some((w) => POINTERS.has(w));
}

/** The searchable sections of `articles`, each article's opening with its subtitle. */
function sectionsOf(articles: IndexedArticle[]): Section[] {
  const out: Section[] = [];
  for (const a of articles) {
    for (const s of markdownSections(a.content)) {
      // The subtitle is searched with the opening, after its text (an opening is quoted from its text).
      const blocks = s.heading === null && a.subTitle ? [...s.blocks, a.subTitle] : s.blocks;
      if (blocks.length === 0 || pointsElsewhere(s.heading)) continue;
      out.push({
        id: out.length,
        slug: a.slug,
        title: a.title,
        heading: s.heading,
        text: blocks.join("\n\n"),
        publishDate: a.publishDate,
        keywords: a.keywords.join(" "),
      });
    }
  }
  return out;
}

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

/** One whole sentence of a section: the unit an answer quotes. */
export interface Statement {
  id: number;
  section: Section;
  text: string;
  /** Its place in its article, 0 for the first. */
  position: number;
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
  series(wanted: string[]): IndexedArticle[];
  /** The sections of the article with this slug, in reading order (the opening first). */
  sectionsOf(slug: string): Section[];
  /**
   * Up to `max` statements of the article with this slug that best answer `query` (BM25 over its
   * sentences, each read with its neighbours and heading; synonyms and, lightly, the article's title
   * added), best first; [] when none matches.
   */
  answering(slug: string, query: string, max: number): Statement[];
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
 * A BM25 index of `sections`: title ×3, tags and heading ×2, stems, stop words, light fuzziness;
 * and, in `pairs`, each line's adjacent terms (title, heading, text).
 */
function bm25(sections: Section[]): MiniSearch<Section> {
  const mini = new MiniSearch<Section>({
    fields: [...WORD_FIELDS, "pairs"],
    storeFields: [],
    extractField: (doc, field) =>
      field === "pairs"
        ? `${doc.title}\n${doc.heading ?? ""}\n${doc.text}`
        : (doc[field as keyof Section] ?? ""),
    tokenize: (text, field) =>
      field === "pairs" ? pairsOf(text) : (fold(text).match(/[\p{L}\p{N}]+/gu) ?? []),
    processTerm: (term, field) => (field === "pairs" ? term : isStop(term) ? null : stem(term)),
    searchOptions: { boost: { title: 3, keywords: 2, heading: 2 }, fuzzy: 0.15, combineWith: "OR" },
  });
  mini.addAll(sections);
  return mini;
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

/** The shortest statement, in characters, and the fewest words of a list item read as one. */
const STATEMENT_CHARS = 25;
const ITEM_WORDS = 6;

/**
 * The statements of one prose block (a paragraph or list item): its whole sentences of at least
 * STATEMENT_CHARS ending with a full stop or "!"; a list item or bold line of ITEM_WORDS words or
 * more without a stop ("Since The Merge, … by ~88%") is one, given its stop. A heading-like
 * question ("What is a DAO?"), a lead-in to a list (":") and a short label answer nothing.
 */
function blockStatements(block: string): string[] {
  return splitSentences(block).flatMap((s) => {
    if (s.length < STATEMENT_CHARS) return [];
    if (/[.!][”"’)]*$/u.test(s)) return [s];
    const item = /[\p{L}\p{N}%)]$/u.test(s) && s.split(/\s+/).length >= ITEM_WORDS;
    return item && /^[\p{Lu}\p{N}“"(]/u.test(s) ? [`${s}.`] : [];
  });
}

/**
 * The statements of each section, in reading order (blockStatements); a section without one keeps
 * its sentences as they are.
 */
function statementsOf(sections: Section[]): Statement[] {
  const out: Statement[] = [];
  let slug = "";
  let position = 0;
  for (const section of sections) {
    if (section.slug !== slug) [slug, position] = [section.slug, 0];
    const blocks = section.text.split("\n\n");
    const whole = blocks.flatMap(blockStatements);
    for (const text of whole.length > 0 ? whole : blocks.flatMap((b) => splitSentences(b))) {
      out.push({ id: out.length, section, text, position: position++ });
    }
  }
  return out;
}

/**
 * A BM25 index of statements, each read with the sentence before and after it (a "This" sentence
 * is about its neighbour's subject) and its heading, at less weight than its own words.
 */
function sentenceIndex(statements: Statement[]): MiniSearch<{ id: number }> {
  const mini = new MiniSearch<{ id: number }>({
    fields: ["heading", "text", "context"],
    storeFields: [],
    extractField: (doc, field) => {
      const s = statements[doc.id]!;
      if (field === "id") return String(s.id);
      if (field === "heading") return s.section.heading ?? "";
      if (field === "text") return s.text;
      const near = [statements[s.id - 1], statements[s.id + 1]];
      return near
        .filter((n) => n?.section === s.section)
        .map((n) => n!.text)
        .join(" ");
    },
    tokenize: (text) => fold(text).match(/[\p{L}\p{N}]+/gu) ?? [],
    processTerm: (term) => (isStop(term) ? null : stem(term)),
    searchOptions: { boost: { heading: 0.5, context: 0.3 }, fuzzy: 0.15, combineWith: "OR" },
  });
  mini.addAll(statements.map((s) => ({ id: s.id })));
  return mini;
}

/** The name of the series a title belongs to: its words before ":" or "#"; null without either. */
function seriesName(title: string): string | null {
  const cut = title.search(/[:#]/);
  return cut > 0 ? title.slice(0, cut).trim().toLowerCase() : null;
}

/** The series of `articles`: each name shared by two or more titles, with its issues. */
function seriesOf(articles: IndexedArticle[]): Map<string, IndexedArticle[]> {
  const byName = new Map<string, IndexedArticle[]>();
  for (const a of articles) {
    const name = seriesName(a.title);
    if (name) byName.set(name, [...(byName.get(name) ?? []), a]);
  }
  return new Map([...byName].filter(([, issues]) => issues.length >= 2));
}

/** The issues of the series in `series` whose names hold every one of `wanted`, newest first. */
function issuesOf(series: Map<string, IndexedArticle[]>, wanted: string[]): IndexedArticle[] {
  return [...series]
    .filter(([name]) => {
      const own = new Set(terms(name));
      return wanted.every((t) => own.has(t));
    })
    .flatMap(([, issues]) => issues)
    .sort((a, b) => b.publishDate.localeCompare(a.publishDate));
}

/** How rare each term is among `sections`, as a weight (a smoothed inverse document frequency). */
function rarity(sections: Section[]): (term: string) => number {
  const frequency = new Map<string, number>();
  for (const s of sections) {
    for (const t of new Set(terms(`${s.heading ?? ""} ${s.text}`))) {
      frequency.set(t, (frequency.get(t) ?? 0) + 1);
    }
  }
  return (t) => Math.log((sections.length + 1) / ((frequency.get(t) ?? 0) + 0.5));
}

/** Every term of each article (title, tags, headings, text), by slug. */
function termsByArticle(sections: Section[]): Map<string, Set<string>> {
  const articleTerms = new Map<string, Set<string>>();
  for (const s of sections) {
    const own = articleTerms.get(s.slug) ?? new Set(terms(`${s.title} ${s.keywords}`));
    for (const t of terms(`${s.heading ?? ""} ${s.text}`)) own.add(t);
    articleTerms.set(s.slug, own);
  }
  return articleTerms;
}

/** The index over `articles` (all published articles with their Markdown). */
export function buildResearchIndex(articles: IndexedArticle[]): ResearchIndex {
  const sections = sectionsOf(articles);
  const groups = [...SYNONYMS, ...articles.flatMap((a) => titleAbbreviations(a.title))];
  const mini = bm25(sections);
  const weight = rarity(sections);
  const articleTerms = termsByArticle(sections);
  const series = seriesOf(articles);
  const statements = statementsOf(sections);
  const bySection = Map.groupBy(statements, (s) => s.section);
  const sentences = sentenceIndex(statements);
  const expanded = (query: string) => expandedQuery(query, groups);

  return {
    search(query, limit) {
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
    },
    series: (wanted) => issuesOf(series, wanted),
    sectionsOf: (slug) => sections.filter((s) => s.slug === slug),
    coverage(slug, query) {
      const own = articleTerms.get(slug) ?? new Set<string>();
      const synonyms = new Set(terms(synonymsOf(query, groups)));
      const asked = [...new Set(terms(query))];
      const total = asked.reduce((sum, t) => sum + weight(t), 0);
      // A word of the query counts when the article has it or, for a word with synonyms, one of them.
      const has = (t: string) =>
        own.has(t) || (synonyms.has(t) && [...synonyms].some((s) => own.has(s)));
      const found = asked.reduce((sum, t) => sum + (has(t) ? weight(t) : 0), 0);
      return total > 0 ? found / total : 0;
    },
    answering(slug, query, max) {
      // The title's words, lightly: a sentence that names the article's subject states its point.
      const title = articles.find((a) => a.slug === slug)?.title ?? "";
      const asked: Query = {
        combineWith: "OR",
        queries: [expanded(query), { queries: [title], boostTerm: () => TITLE_IN_ANSWER }],
      };
      return sentences
        .search(asked, { filter: (r) => statements[r.id as number]!.section.slug === slug })
        .slice(0, max)
        .map((r) => statements[r.id as number]!);
    },
    statements(query, limit) {
      return sentences
        .search(expanded(query))
        .slice(0, limit)
        .map((r) => ({ statement: statements[r.id as number]!, score: r.score }));
    },
    statementsOf: (section) => bySection.get(section) ?? [],
  };
}

// Max's research index (issue 25, decision 013): every section of the published articles in a BM25
// index (MiniSearch) with title and heading boosts, Porter2 stems, English stop words and a synonym
// table, rebuilt when the publication changes; and the sentences of a section that best answer a query.
import MiniSearch from "minisearch";
import { splitSentences } from "../../text/sentences.ts";
import { isFunctionWord, stem } from "../../text/stems.ts";
import { markdownSections } from "../../text/sections.ts";
import { fold } from "./assistant.prompt.ts";

/** Words of a question that say nothing about its topic. */
const SCAFFOLDING = new Set(["explain", "tell", "work", "works", "mean", "means", "please"]);
const isStop = (word: string) => isFunctionWord(word) || SCAFFOLDING.has(word);

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
 * Words that mean the same in our research, both ways (issue 25: abbreviations and paraphrases),
 * besides the abbreviations article titles spell out ("Maximal extractable value (MEV)").
 */
const SYNONYMS: ReadonlyArray<readonly string[]> = [
  ["pos", "proof of stake"],
  ["pow", "proof of work", "mining"],
  ["l2", "layer 2", "rollup"],
  ["aa", "account abstraction", "smart contract wallet", "smart account"],
  ["merge", "stopped mining", "switch to proof of stake", "ditched mining"],
  ["lst", "liquid staking token"],
  ["dvt", "distributed validator"],
  ["pbs", "proposer builder separation"],
  ["ssf", "single slot finality"],
  ["etf", "exchange traded fund"],
  ["mica", "eu regulation", "european regulation"],
  ["fdv", "fully diluted valuation"],
  ["zk", "zero knowledge"],
  ["defi", "decentralized finance"],
  ["dao", "decentralized autonomous organization"],
  ["nft", "non fungible token"],
  ["unstake", "withdrawal", "exit"],
  ["hack", "exploit", "attack", "drain"],
  ["btc", "bitcoin"],
  ["eth", "ethereum", "ether"],
  ["sol", "solana"],
  ["atom", "cosmos", "ibc"],
];

/** The index's words of `text`: folded, stop words out, Porter2 stems. */
export function terms(text: string): string[] {
  const words = fold(text).match(/[\p{L}\p{N}]+/gu) ?? [];
  return words.filter((w) => !isStop(w)).map((w) => stem(w));
}

/** A phrase's stems joined, as the synonym table keys them. */
const key = (phrase: string) => terms(phrase).join(" ");

/** "Maximal extractable value (MEV)": MEV and the words before it mean the same. */
function titleAbbreviations(title: string): string[][] {
  const open = title.lastIndexOf("(");
  const close = title.indexOf(")", open);
  if (open < 1 || close < 0) return [];
  const short = title.slice(open + 1, close).trim();
  const long = title.slice(0, open).split(":").at(-1)?.trim() ?? "";
  return short.length >= 2 && short.length <= 8 && long ? [[short, long]] : [];
}

/** The phrases the synonym groups give for `query`: every phrase of each group it names. */
function synonymsOf(query: string, groups: ReadonlyArray<readonly string[]>): string {
  const stems = ` ${key(query)} `;
  return groups
    .flatMap((group) => (group.some((phrase) => stems.includes(` ${key(phrase)} `)) ? group : []))
    .join(" ");
}

/** A synonym counts for less than the word the reader wrote. */
const SYNONYM_WEIGHT = 0.4;

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

/** A BM25 index over sections, and what a query's sentences are weighed with. */
export interface ResearchIndex {
  /** The sections matching `query` (synonyms added), best first. */
  search(query: string, limit: number): SectionHit[];
  /** The articles whose titles hold every term of `query`, newest first. */
  titled(query: string): IndexedArticle[];
  /** The sections of the article with this slug, in reading order (the opening first). */
  sectionsOf(slug: string): Section[];
  /**
   * Up to `max` sentences of `section` that best answer `query` (each query term weighed by how
   * rare it is among the sections), in reading order; the opening sentences when none matches.
   */
  bestSentences(section: Section, query: string, max: number): string[];
  /**
   * How much of `query` the article with this slug speaks of: the share of the query's words
   * (each weighed by its rarity among sections, synonyms counted) found anywhere in it, 0 to 1.
   */
  coverage(slug: string, query: string): number;
}

/** A BM25 index of `sections`: title ×3, tags and heading ×2, stems, stop words, light fuzziness. */
function bm25(sections: Section[]): MiniSearch<Section> {
  const mini = new MiniSearch<Section>({
    fields: ["title", "keywords", "heading", "text"],
    storeFields: [],
    tokenize: (text) => fold(text).match(/[\p{L}\p{N}]+/gu) ?? [],
    processTerm: (term) => (isStop(term) ? null : stem(term)),
    searchOptions: { boost: { title: 3, keywords: 2, heading: 2 }, fuzzy: 0.15, combineWith: "OR" },
  });
  mini.addAll(sections.map((s) => ({ ...s, heading: s.heading ?? "" })));
  return mini;
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

  return {
    search(query, limit) {
      const synonyms = synonymsOf(query, groups);
      const asked = new Set(terms(`${query} ${synonyms}`));
      // Three of the question's words in a title make it the question's topic, whatever its length.
      const enough = Math.min(TITLE_TERMS, terms(query).length);
      return mini
        .search({
          combineWith: "OR",
          queries: [query, { queries: [synonyms], boostTerm: () => SYNONYM_WEIGHT }],
        })
        .map((r) => {
          const section = sections[r.id as number]!;
          // An article whose title is the question's topic is about it, not only on it.
          const own = new Set(terms(`${section.title} ${section.keywords}`));
          const matched = [...asked].filter((t) => own.has(t)).length;
          const covered = enough > 0 ? Math.min(1, matched / enough) : 0;
          return { section, score: r.score * (1 + TITLE_WEIGHT * covered) };
        })
        .sort((a, b) => b.score - a.score)
        .slice(0, limit);
    },
    titled(query) {
      // Words no title holds ("say", "summarise") say what to do with the issue, not which series.
      const titleTerms = new Set(articles.flatMap((a) => terms(a.title)));
      const wanted = terms(query).filter((t) => titleTerms.has(t));
      if (wanted.length === 0) return [];
      return articles
        .filter((a) => {
          const own = new Set(terms(a.title));
          return wanted.every((t) => own.has(t));
        })
        .sort((a, b) => b.publishDate.localeCompare(a.publishDate));
    },
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
    bestSentences(section, query, max) {
      const asked = new Set(terms(`${query} ${synonymsOf(query, groups)}`));
      // Whole statements only: a heading-like question ("What is a DAO?") answers nothing.
      const all = splitSentences(section.text.replace(/\n\n/g, " "));
      const statements = all.filter(
        (s) => s.length >= 25 && (s.endsWith(".") || s.endsWith("!") || s.endsWith(".\u201d")),
      );
      const sentences = statements.length > 0 ? statements : all;
      const scored = sentences.map((s, i) => {
        const own = new Set(terms(s));
        const score = [...asked].reduce((sum, t) => sum + (own.has(t) ? weight(t) : 0), 0);
        return { s, i, score };
      });
      const best = scored
        .filter((x) => x.score > 0)
        .sort((a, b) => b.score - a.score)
        .slice(0, max);
      const chosen = best.length > 0 ? best : scored.slice(0, max);
      return chosen.sort((a, b) => a.i - b.i).map((x) => x.s);
    },
  };
}

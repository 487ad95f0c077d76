// The sections and sentences of Max's research index (assistant.research-index.ts): each article's
// sections, each section's whole statements, and a BM25 index over them read with their neighbours
// and heading.
import MiniSearch from "minisearch";
import { markdownSections } from "../../text/sections.ts";
import { splitSentences } from "../../text/sentences.ts";
import { stem } from "../../text/stems.ts";
import { fold } from "../../text/words.ts";
import { isStop, typoDistance } from "./assistant.research-words.ts";

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

/**
 * The searchable sections of `articles`, each article's opening with its subtitle, numbered from
 * `first`.
 */
export function sectionsOf(articles: IndexedArticle[], first: number): Section[] {
  const out: Section[] = [];
  for (const a of articles) {
    for (const s of markdownSections(a.content)) {
      // The subtitle is searched with the opening, after its text (an opening is quoted from its text).
      const blocks = s.heading === null && a.subTitle ? [...s.blocks, a.subTitle] : s.blocks;
      if (blocks.length === 0 || pointsElsewhere(s.heading)) continue;
      out.push({
        id: first + out.length,
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

/** One whole sentence of a section: the unit an answer quotes. */
export interface Statement {
  id: number;
  section: Section;
  text: string;
  /** Its place in its article, 0 for the first. */
  position: number;
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
 * The statements of each section (whole articles), in reading order (blockStatements), numbered
 * from `first`; a section without one keeps its sentences as they are.
 */
export function statementsOf(sections: Section[], first: number): Statement[] {
  const out: Statement[] = [];
  let slug = "";
  let position = 0;
  for (const section of sections) {
    if (section.slug !== slug) [slug, position] = [section.slug, 0];
    const blocks = section.text.split("\n\n");
    const whole = blocks.flatMap(blockStatements);
    for (const text of whole.length > 0 ? whole : blocks.flatMap((b) => splitSentences(b))) {
      out.push({ id: first + out.length, section, text, position: position++ });
    }
  }
  return out;
}

/**
 * A BM25 index of statements, each read with the sentence before and after it (a "This" sentence
 * is about its neighbour's subject) and its heading, at less weight than its own words.
 */
export function sentenceIndex(statements: Statement[]): MiniSearch<{ id: number }> {
  return new MiniSearch<{ id: number }>({
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
    searchOptions: {
      boost: { heading: 0.5, context: 0.3 },
      fuzzy: typoDistance,
      combineWith: "OR",
    },
  });
}

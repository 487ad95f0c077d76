// The passage an article gives for a research topic: whole sentences from the section that
// matches, chosen by headings first, then by the words and phrase proximity of each block
// (docs/product.md#max-research).
import { LRUCache } from "lru-cache";
import { excerptOf, truncateText } from "../../text/excerpts.ts";
import { markdownSections } from "../../text/sections.ts";
import { splitSentences } from "../../text/sentences.ts";
import { fold } from "./assistant.prompt.ts";
import {
  type TextMatch,
  coverage,
  matchText,
  proximity,
  wordsOf,
} from "./assistant.research-topic.ts";

/** Longest passage, in characters (docs/product.md#max-tools). */
const PASSAGE_MAX = 600;

/** Blocks shorter than this (a link line, a caption) never open a passage. */
const MIN_BLOCK_LENGTH = 40;

/** A heading names the topic when its recall × focus reaches this (and the title's). */
const NAMES_TOPIC = 0.5;

/** How much less the subtitle scores than a body block of the opening (a tie goes to the body). */
const STANDFIRST_PENALTY = 0.1;

/** Sections that point elsewhere rather than explain: never quoted, never a heading match. */
const BOILERPLATE =
  /^(?:prerequisites|further reading|related\b|resources\b|references\b|learn more|read more|more on\b|sources\b|footnotes\b|table of contents)/i;

/** What the passage is chosen from: an article's title, subtitle and Markdown. */
export interface PassageSource {
  title: string;
  /** The subtitle the article page shows above the text (often its opening sentences). */
  subTitle: string;
  /** Markdown. */
  content: string;
}

/** The passage an article gives: whole sentences of the matching section, and its heading. */
export interface Passage {
  /** Plain text, blocks on lines of their own, at most PASSAGE_MAX characters. */
  text: string;
  /** The heading of the section it comes from; null for the article's opening. */
  section: string | null;
}

/** What analysing an article gives: its passage and the figures its rank adds up. */
export interface Analysis {
  passage: Passage;
  /** The best recall × focus of a heading (headings that are the page's title left out). */
  heading: number;
  /** The best phrase proximity of any block. */
  proximity: number;
}

/** A prose block with its folded words. */
interface Block {
  text: string;
  words: string[];
  /** The subtitle, read as the opening's first block. */
  standfirst?: true;
}

/** A section with its blocks' words. */
interface IndexedSection {
  heading: string | null;
  depth: number;
  blocks: Block[];
}

/** One heading above a block, and how it matches the topic. */
interface PathHeading {
  depth: number;
  heading: string;
  match: TextMatch;
  /**
   * The heading is the page's own title: it repeats the article's title, or it is of level 1
   * (ethereum.org's "# The history of Ethereum" over the whole text).
   */
  isTitle: boolean;
}

/** A block in reading order, with its section and the headings above it. */
interface Candidate {
  block: Block;
  section: IndexedSection;
  /** The headings above the block, outermost first (the page's title among them). */
  path: PathHeading[];
  /** Under no heading but the page's title: the article's opening. */
  opening: boolean;
}

/** Sections of recently read articles by their Markdown: parsing is most of a search's time. */
const SECTIONS = new LRUCache<string, IndexedSection[]>({ max: 500 });

/**
 * The article's sections with their words (the body parsed once per content), the subtitle as the
 * opening's first block: on the article page it stands just above the text, and an imported
 * article's body leaves out the sentences it shows.
 */
function sectionsOf(source: PassageSource): IndexedSection[] {
  let sections = SECTIONS.get(source.content);
  if (!sections) {
    sections = markdownSections(source.content).map((s) => ({
      heading: s.heading,
      depth: s.depth,
      blocks: s.blocks.map((text) => ({ text, words: wordsOf(text) })),
    }));
    SECTIONS.set(source.content, sections);
  }
  const [opening, ...rest] = sections;
  const subTitle = source.subTitle.trim();
  if (!opening || !subTitle) return sections;
  const standfirst: Block = { text: subTitle, words: wordsOf(subTitle), standfirst: true };
  return [{ ...opening, blocks: [standfirst, ...opening.blocks] }, ...rest];
}

/** recall × focus: how much a title or heading is about the topic, 0 to 1. */
export const strength = (m: TextMatch) => m.recall * m.focus;

/** Every block of the article in reading order, boilerplate ("Further reading") left out. */
function candidatesOf(source: PassageSource, terms: string[], title: TextMatch): Candidate[] {
  const stack: Array<PathHeading & { boilerplate: boolean }> = [];
  const out: Candidate[] = [];
  for (const section of sectionsOf(source)) {
    if (section.heading !== null) {
      while (stack.length > 0 && stack[stack.length - 1]!.depth >= section.depth) stack.pop();
      const isTitle = section.depth === 1 || fold(section.heading) === fold(source.title);
      stack.push({
        depth: section.depth,
        heading: section.heading,
        match: isTitle ? title : matchText(terms, section.heading),
        isTitle,
        boilerplate: BOILERPLATE.test(section.heading),
      });
    }
    if (stack.some((h) => h.boilerplate)) continue;
    const path = [...stack];
    const opening = path.every((h) => h.isTitle);
    for (const block of section.blocks) out.push({ block, section, path, opening });
  }
  return out;
}

/** True when a block can open a passage: long enough, and prose (it ends at least one sentence). */
function isProse(text: string): boolean {
  return text.length >= MIN_BLOCK_LENGTH && /[.!?]["”’)\]]*(?:\s|$)/.test(text);
}

/**
 * Whole sentences of `blocks` from the first on, up to PASSAGE_MAX characters, blocks on lines of
 * their own (a list item is not run into the next); a first sentence longer than that is cut at a
 * word with "…".
 */
function excerpt(blocks: Block[]): string {
  const lines: string[] = [];
  let length = 0;
  for (const block of blocks) {
    let text = "";
    for (const sentence of splitSentences(block.text)) {
      const next = text ? `${text} ${sentence}` : sentence;
      if (length + next.length > PASSAGE_MAX) {
        if (length === 0 && !text) return truncateText(sentence, PASSAGE_MAX);
        return [...lines, text].filter(Boolean).join("\n");
      }
      text = next;
    }
    lines.push(text);
    length += text.length + 1;
  }
  return lines.join("\n");
}

/** The first heading most about the topic (the page's title left out), or null when none is. */
function strongestHeading(candidates: Candidate[]): PathHeading | null {
  let best: PathHeading | null = null;
  for (const { path } of candidates) {
    for (const h of path) {
      if (!h.isTitle && strength(h.match) > (best ? strength(best.match) : 0)) best = h;
    }
  }
  return best;
}

/** Where a passage may start, and what it reads on into. */
interface Scope {
  /** The blocks the passage may start at. */
  starts: Candidate[];
  /** The blocks after the start that it may read on into (all, in reading order; filtered). */
  follows: (start: Candidate, next: Candidate) => boolean;
  /** The heading the passage is under, when the scope is a heading's section. */
  heading: PathHeading | null;
}

/**
 * Where the passage comes from: the section of the heading that names the topic (NAMES_TOPIC) at
 * least as well as the title does ("What is ether?" in "Intro to ether"); else the opening, when
 * the title matches the topic (a page states what it is about first), reading on into the next
 * sections; else any block, read to the end of its own section.
 */
function scopeOf(candidates: Candidate[], title: TextMatch): Scope {
  const heading = strongestHeading(candidates);
  if (heading && strength(heading.match) >= Math.max(NAMES_TOPIC, strength(title))) {
    const under = (c: Candidate) => c.path.includes(heading);
    return { starts: candidates.filter(under), follows: (_, next) => under(next), heading };
  }
  const opening = candidates.filter((c) => c.opening);
  if (title.recall > 0 && opening.some((c) => isProse(c.block.text))) {
    return { starts: opening, follows: () => true, heading: null };
  }
  return {
    starts: candidates,
    follows: (start, next) => next.section === start.section,
    heading: null,
  };
}

/** The figures an article's rank adds up: its strongest heading and its closest phrase. */
function figuresOf(candidates: Candidate[], terms: string[]): Omit<Analysis, "passage"> {
  const heading = strongestHeading(candidates);
  return {
    heading: heading ? strength(heading.match) : 0,
    proximity: Math.max(0, ...candidates.map((c) => proximity(terms, c.block.words))),
  };
}

/**
 * The block a passage starts at, a prose block of its scope: under a heading that names the topic,
 * its first block holding a term (else its first); elsewhere the block with the best 2 × coverage
 * (terms in the block, its headings or the title) + phrase proximity, the subtitle
 * STANDFIRST_PENALTY less, the earliest on a tie. Null when the scope has no prose, or none of it
 * holds a term.
 */
function startOf(scope: Scope, terms: string[], titleWords: string[]): Candidate | null {
  const prose = scope.starts.filter((c) => isProse(c.block.text));
  if (scope.heading) {
    return prose.find((c) => proximity(terms, c.block.words) > 0) ?? prose[0] ?? null;
  }
  let start: Candidate | null = null;
  let bestScore = -Infinity;
  for (const c of prose) {
    const words = [...c.block.words, ...titleWords, ...c.path.flatMap((h) => wordsOf(h.heading))];
    const relevance = 2 * coverage(terms, words) + proximity(terms, c.block.words);
    const score = relevance - (c.block.standfirst ? STANDFIRST_PENALTY : 0);
    if (relevance > 0 && score > bestScore) [start, bestScore] = [c, score];
  }
  return start;
}

/**
 * The passage of an article for the topic's `terms`: read on from its start (startOf) as far as
 * its scope allows (scopeOf), under the heading that names the topic or the start's own heading
 * (null in the opening); the article's opening prose when no block qualifies. With the figures
 * the article's rank adds up.
 */
export function analyse(source: PassageSource, terms: string[]): Analysis {
  const title = matchText(terms, source.title);
  const candidates = candidatesOf(source, terms, title);
  const figures = figuresOf(candidates, terms);
  const scope = scopeOf(candidates, title);
  const start = startOf(scope, terms, wordsOf(source.title));
  if (!start) {
    return { passage: { text: excerptOf(source.content, PASSAGE_MAX), section: null }, ...figures };
  }
  const read = candidates
    .slice(candidates.indexOf(start))
    .filter((c) => c === start || scope.follows(start, c));
  const own = [...start.path].reverse().find((h) => !h.isTitle) ?? null;
  const section = (scope.heading ?? own)?.heading ?? null;
  return { passage: { text: excerpt(read.map((c) => c.block)), section }, ...figures };
}

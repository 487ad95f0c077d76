// The coins an article names and where its text links them (docs/product/reader.md#article-coins):
// read from the Markdown's syntax tree by the market's coin gazetteer (its prose reading), so code,
// links and headings are told apart from the words around them.
import { decodeHTMLStrict } from "entities";
import type { Nodes, Parents, Text } from "mdast";
import { mdastToPlainText, parseMarkdown } from "../../text/plain-text.ts";
import type { Gazetteer } from "../market/coin-gazetteer.service.ts";

/** The first mention of a coin that the text links: its offsets [from, to) in the Markdown. */
export interface CoinLink {
  coinId: string;
  from: number;
  to: number;
}

/** What an article says about coins. */
export interface ArticleCoinReading {
  /**
   * The CoinGecko ids of the coins the title, subtitle and text name (code left out), in the order
   * first named.
   */
  coinIds: string[];
  /**
   * Each coin's first mention in words the text may link (not in a heading, a link or code, and
   * written without escapes), in the order of the text; a coin named only elsewhere has none.
   */
  links: CoinLink[];
}

/** What the reading needs of an article. */
export interface ArticleText {
  title: string;
  subTitle: string;
  content: string;
  /** Markdown when set, else plain text (docs/product/reader.md#article-body). */
  body: boolean;
}

/** A run of a passage's text: the words of one text node. */
interface Piece {
  /** Where the run starts in the passage. */
  at: number;
  length: number;
  /**
   * Where each character of the run stands in the Markdown, when its words may be linked there
   * (sourceMap), else null.
   */
  source: number[] | null;
}

/** A paragraph, heading or table cell as one string of words, and where each run comes from. */
interface Passage {
  text: string;
  pieces: Piece[];
}

/** Stands for code, an image, raw HTML: not words, and no word runs on across it. */
const GAP = " · ";

/** Containers whose children are the words of one passage. */
const PASSAGES = new Set(["paragraph", "heading", "tableCell"]);

/**
 * The passages of the Markdown `content`, in order: each paragraph, heading and table cell with
 * its words. A text node's words may be linked when it sits in no heading and no link and they
 * can be found in `content` (sourceMap).
 */
function passagesOf(content: string): Passage[] {
  const passages: Passage[] = [];
  const flatten = (node: Parents, passage: Passage, linkable: boolean) => {
    for (const child of node.children as Nodes[]) {
      if (child.type === "text") {
        passage.pieces.push({
          at: passage.text.length,
          length: child.value.length,
          source: linkable ? sourceMap(content, child) : null,
        });
        passage.text += child.value;
      } else if (child.type === "break") {
        passage.text += "\n";
      } else if (child.type === "link" || child.type === "linkReference") {
        flatten(child, passage, false);
      } else if ("children" in child) {
        flatten(child, passage, linkable);
      } else {
        passage.text += GAP;
      }
    }
  };
  const visit = (node: Nodes) => {
    if (PASSAGES.has(node.type)) {
      const passage: Passage = { text: "", pieces: [] };
      flatten(node as Parents, passage, node.type !== "heading");
      passages.push(passage);
    } else if ("children" in node) {
      for (const child of node.children) visit(child);
    }
  };
  visit(parseMarkdown(content));
  return passages;
}

/** A character reference as Markdown writes one ("&amp;", "&#8217;", "&#x2019;"). */
const CHARACTER_REFERENCE = /^&(?:#[0-9]{1,7}|#[xX][0-9a-fA-F]{1,6}|[A-Za-z][A-Za-z0-9]{1,31});/;

/**
 * Where each character of a text node's words stands in `content` (UTF-16 offsets): its words and
 * the Markdown aligned, skipping what the parser took out (a backslash before an escaped mark, the
 * indentation of a continued line) and reading a character reference ("&amp;") as what it stands
 * for; null when they do not align.
 */
function sourceMap(content: string, node: Text): number[] | null {
  const start = node.position?.start.offset;
  const end = node.position?.end.offset;
  if (start === undefined || end === undefined) return null;
  const value = node.value;
  const map: number[] = [];
  for (let i = start; map.length < value.length;) {
    const j = map.length;
    if (i >= end) return null;
    const reference =
      content[i] === "&" ? CHARACTER_REFERENCE.exec(content.slice(i, i + 40)) : null;
    const decoded = reference ? decodeHTMLStrict(reference[0]) : "";
    if (reference && decoded && value.startsWith(decoded, j)) {
      for (let k = 0; k < decoded.length; k += 1) map.push(i);
      i += reference[0].length;
    } else if (content[i] === value[j]) {
      map.push(i);
      i += 1;
    } else if ((content[i] === "\\" && content[i + 1] === value[j]) || /\s/.test(content[i]!)) {
      i += 1;
    } else {
      return null;
    }
  }
  return map;
}

/**
 * Where a mention of a passage may be linked in `content`: within one linkable text node, written
 * there as it reads (no escape or reference inside the words); else null.
 */
function linkAt(
  content: string,
  passage: Passage,
  m: { from: number; to: number },
): { from: number; to: number } | null {
  const piece = passage.pieces.find((p) => p.at <= m.from && m.to <= p.at + p.length);
  const from = piece?.source?.[m.from - piece.at];
  const last = piece?.source?.[m.to - 1 - piece.at];
  if (from === undefined || last === undefined) return null;
  const words = passage.text.slice(m.from, m.to);
  return content.slice(from, last + 1) === words ? { from, to: last + 1 } : null;
}

/**
 * The coins `article` names and the first linkable mention of each (ArticleCoinReading), by the
 * gazetteer's prose reading (Gazetteer.findInProse). Plain-text articles are read paragraph by
 * paragraph and get no links (they render without markup). Pure: the same article and gazetteer
 * always give the same reading (decision 008: one public render).
 */
export function readArticleCoins(article: ArticleText, gazetteer: Gazetteer): ArticleCoinReading {
  const coinIds: string[] = [];
  const links: CoinLink[] = [];
  const named = (id: string) => {
    if (!coinIds.includes(id)) coinIds.push(id);
  };
  for (const line of [article.title, article.subTitle]) {
    for (const m of gazetteer.findInProse(line)) named(m.coin.id);
  }
  const passages: Passage[] = article.body
    ? passagesOf(article.content)
    : article.content.split(/\n\s*\n/).map((text) => ({ text, pieces: [] }));
  for (const passage of passages) {
    for (const m of gazetteer.findInProse(passage.text)) {
      named(m.coin.id);
      if (links.some((l) => l.coinId === m.coin.id)) continue;
      const link = linkAt(article.content, passage, m);
      if (link) links.push({ coinId: m.coin.id, ...link });
    }
  }
  return { coinIds, links };
}

/** The address of a coin's page (docs/product/markets.md#coin-page). */
export const coinPath = (id: string) => `/markets/${encodeURIComponent(id)}`;

/** `content` with each of `links` written as a Markdown link to its coin's page. */
function withLinks(content: string, links: CoinLink[]): string {
  let out = content;
  for (const link of [...links].sort((a, b) => b.from - a.from)) {
    const words = out.slice(link.from, link.to);
    out = `${out.slice(0, link.from)}[${words}](${coinPath(link.coinId)})${out.slice(link.to)}`;
  }
  return out;
}

/** What Markdown says, as linkCoins compares it: its plain text and its links to coin pages. */
function readingOf(markdown: string): { words: string; coinLinks: number } {
  const tree = parseMarkdown(markdown);
  let coinLinks = 0;
  const visit = (node: Nodes) => {
    if (node.type === "link" && node.url.startsWith("/markets/")) coinLinks += 1;
    if ("children" in node) for (const child of node.children) visit(child);
  };
  visit(tree);
  return { words: mdastToPlainText(tree), coinLinks };
}

/**
 * The Markdown `content` with the words of each of `links` (readArticleCoins) made a link to the
 * coin's page, `[Solana](/markets/solana)`. A link is kept only when the result reads the same
 * (the same plain text) with exactly one more link to a coin page, so no insertion can change
 * what the text says or how it parses (a "!" or "\\" before the words, a stray bracket); one that
 * would is left out.
 */
export function linkCoins(content: string, links: CoinLink[]): string {
  const safe = links.filter((l) => !["!", "\\", "]"].includes(content[l.from - 1] ?? ""));
  if (safe.length === 0) return content;
  const before = readingOf(content);
  const reads = (linked: string, added: number) => {
    const after = readingOf(linked);
    return after.coinLinks === before.coinLinks + added && after.words === before.words;
  };
  const all = withLinks(content, safe);
  if (reads(all, safe.length)) return all;
  // Rare: some insertion misreads; add them one at a time, keeping those that read right.
  const kept: CoinLink[] = [];
  for (const link of safe) {
    if (reads(withLinks(content, [...kept, link]), kept.length + 1)) kept.push(link);
  }
  return withLinks(content, kept);
}

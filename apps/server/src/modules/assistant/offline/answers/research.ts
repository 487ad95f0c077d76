// The offline model's research answers: a short synthesis with [n] citations, Sources, and where
// to go next.
import { type ResearchPassage, type ResearchResults, formatLongDate } from "@pragmatist/contracts";
import { escapeMarkdown, joinBlocks } from "./format.ts";
import { keyPoint } from "./key-point.ts";
import type { AnswerContext } from "./outcome.ts";
import { latestIssue, synthesise } from "./research-synthesis.ts";
import { EXAMPLES } from "../../assistant.prompt.ts";
import { SHORT_CAPABILITIES } from "./replies.ts";

/** At most this many passages are cited in one answer. */
const MAX_CITED_PASSAGES = 5;

/**
 * How a research answer is written: plainly, as key takeaways ("Analyze your last message…"),
 * with next steps ("What other research should I do?"), or as the article in context's key points.
 */
export type ResearchMode = "plain" | "analysis" | "next" | "article";

/** True when `value` has the shape of searchResearch's output (passages with n, title, slug, excerpt). */
export function isResearchResults(value: unknown): value is ResearchResults {
  if (typeof value !== "object" || value === null) return false;
  const passages = (value as { passages?: unknown }).passages;
  return (
    Array.isArray(passages) &&
    passages.every(
      (p: unknown) =>
        typeof p === "object" &&
        p !== null &&
        typeof (p as ResearchPassage).n === "number" &&
        typeof (p as ResearchPassage).title === "string" &&
        typeof (p as ResearchPassage).slug === "string" &&
        typeof (p as ResearchPassage).excerpt === "string",
    )
  );
}

/**
 * The mode of a research answer: "What other research…" first, then the article in context (the
 * search was for its title), then `analysis`.
 */
export function researchMode(
  context: AnswerContext,
  query: string,
  analysis: boolean,
): ResearchMode {
  if (context.reading.chip === "more-research") return "next";
  if (context.article && query === context.article.title) return "article";
  return analysis ? "analysis" : "plain";
}

/**
 * A Sources line: `n. [Title](/p/slug) › Section, 12 Mar 2026`, the section being the heading
 * the passage came from (none for the article's opening).
 */
function sourceLink(p: ResearchPassage): string {
  const url = p.url?.startsWith("/p/") ? p.url : `/p/${encodeURIComponent(p.slug)}`;
  const title = p.title.replace(/[[\]]/g, "");
  const section = p.section ? ` › ${escapeMarkdown(p.section)}` : "";
  const date = p.publishDate ? `, ${formatLongDate(p.publishDate)}` : "";
  return `${p.n}. [${title}](${url})${section}${date}`;
}

/** "What other research should I do?": questions Max can answer next, and sources to read in full. */
function nextSteps(topic: string, passages: ResearchPassage[], context: AnswerContext): string {
  const coin = context.knownCoins.find(
    (k) => k.name.toLowerCase() === topic.toLowerCase() || k.id === topic.toLowerCase(),
  );
  const ideas: string[] = [];
  if (coin) {
    const symbol = coin.symbol.toUpperCase();
    ideas.push(
      `- Check the price history: “How did ${symbol} do over the last 90 days?”`,
      `- Compare it with the market leader: “Compare ${symbol} and BTC”`,
      `- See what else has attention: “${EXAMPLES.trending}”`,
    );
  } else {
    ideas.push(
      `- Ask how a related idea works, for example “Explain ${escapeMarkdown(passages[1]?.title ?? passages[0]?.title ?? topic)}”.`,
      `- Look at the market side: “${EXAMPLES.trending}”`,
    );
  }
  return `**Where to go next**\n${ideas.join("\n")}`;
}

/** Each passage as a reading-list line: the article and section linked, and its key point. */
function readingList(passages: ResearchPassage[], query: string): string {
  return passages
    .map((p) => {
      const title = p.title.replace(/[[\]]/g, "");
      const url = `/p/${encodeURIComponent(p.slug)}`;
      const section = p.section ? ` › ${escapeMarkdown(p.section)}` : "";
      return `- [${title}](${url})${section}: ${keyPoint(p.excerpt, query)} [${p.n}]`;
    })
    .join("\n");
}

/**
 * The answer's body for its mode: the article in context's key points, then related ones
 * ("article"); key takeaways, one per passage ("analysis"); otherwise a short synthesis of the
 * passages (the latest issue first when the search asked for the newest of a series).
 */
function body(
  results: ResearchResults,
  passages: ResearchPassage[],
  mode: ResearchMode,
  context: AnswerContext,
): string {
  const points = (list: ResearchPassage[]) =>
    list.map((p) => `- ${keyPoint(p.excerpt, results.query)} [${p.n}]`).join("\n");
  const article = mode === "article" ? context.article : null;
  const own = article ? passages.filter((p) => p.slug === article.slug) : [];
  if (article && own.length > 0) {
    const related = passages.filter((p) => p.slug !== article.slug);
    return joinBlocks([
      `Key points of **${escapeMarkdown(article.title)}**:`,
      points(own),
      related.length > 0 ? `Related in our library:\n${points(related)}` : null,
    ]);
  }
  if (mode === "analysis") return `**Key takeaways** from our research:\n${points(passages)}`;
  // "What other research should I do?": what each piece adds, not the answer just given again.
  if (mode === "next") return `**To read next** on this:\n${readingList(passages, results.query)}`;
  return results.order === "newest"
    ? latestIssue(passages)
    : synthesise(passages, results.query, results.sides);
}

/**
 * The answer to searchResearch (docs/product/max.md#max-research): a synthesis of 3 to 6 of the
 * passages' own sentences with [n] citations (or the mode's key points), then a Sources list
 * linking to /p/{slug}; "next" adds where to go next. Never restates the question as a topic. No
 * passages: a suggestion of other keywords. While the library is still being read (`warming`),
 * says how much of it was searched (docs/product/max.md#max-research).
 */
export function researchAnswer(
  results: ResearchResults,
  query: string,
  mode: ResearchMode,
  context: AnswerContext,
): string {
  const passages = results.passages.slice(0, MAX_CITED_PASSAGES);
  const { warming } = results;
  if (passages.length === 0 && warming) {
    return `I can't find anything on that in the ${warming.indexed} of our ${warming.total} articles I have read since I started, the newest ones. Ask me again in a few minutes, when I have read the whole library.`;
  }
  if (passages.length === 0) {
    return joinBlocks([
      "I can't find anything on that in our research library, which covers crypto, blockchains and markets.",
      `Try other keywords, for example “rollups”, “staking” or “lightning network”. ${SHORT_CAPABILITIES}.`,
    ]);
  }
  const asked = { ...results, query: results.query || query };
  return joinBlocks([
    body(asked, passages, mode, context),
    `**Sources**\n${passages.map(sourceLink).join("\n")}`,
    mode === "next" ? nextSteps(asked.query, passages, context) : null,
    warming
      ? `I have read ${warming.indexed} of our ${warming.total} articles since I started, the newest ones, so this may miss older research; ask again in a few minutes for the whole library.`
      : null,
  ]);
}

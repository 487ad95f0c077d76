// The offline model's research answers: key points with [n] citations, Sources, and where to go next.
import { type ResearchPassage, type ResearchResults, formatLongDate } from "@pragmatist/contracts";
import type { ArticleRef } from "../intents/decision.ts";
import { isArticleQuestion, isMoreResearchRequest } from "../intents/patterns.ts";
import { escapeMarkdown, joinBlocks } from "./format.ts";
import { keyPoint } from "./key-point.ts";
import type { AnswerContext } from "./outcome.ts";
import { EXAMPLES, SHORT_CAPABILITIES } from "./replies.ts";

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

/** The mode for the question: the chips first, then the article in context, then `analysis`. */
export function researchMode(context: AnswerContext, analysis: boolean): ResearchMode {
  if (isMoreResearchRequest(context.question)) return "next";
  if (context.article && isArticleQuestion(context.question)) return "article";
  return analysis ? "analysis" : "plain";
}

/** A Sources line: `n. [Title](/p/slug), 12 Mar 2026`. */
function sourceLink(p: ResearchPassage): string {
  const url = p.url?.startsWith("/p/") ? p.url : `/p/${encodeURIComponent(p.slug)}`;
  const title = p.title.replace(/[[\]]/g, "");
  const date = p.publishDate ? `, ${formatLongDate(p.publishDate)}` : "";
  return `${p.n}. [${title}](${url})${date}`;
}

/** "What other research should I do?": questions Max can answer next, and sources to read in full. */
function nextSteps(topic: string, passages: ResearchPassage[], context: AnswerContext): string {
  const coin = context.knownCoins.find(
    (k) => k.name.toLowerCase() === topic.toLowerCase() || k.id === topic.toLowerCase(),
  );
  const ideas = passages
    .slice(0, 2)
    .map(
      (p) => `- Read [${p.title.replace(/[[\]]/g, "")}](/p/${encodeURIComponent(p.slug)}) in full.`,
    );
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

/** The answer's opening line for its mode (the article's own title when its passages were found). */
function intro(mode: ResearchMode, topic: string, own: ArticleRef | null): string {
  if (own) return `Key points of **${escapeMarkdown(own.title)}**:`;
  return mode === "analysis"
    ? `**Key takeaways** from our research on **${topic}**:`
    : `Here is what our research says about **${topic}**:`;
}

/**
 * The answer to searchResearch: a key point per passage (at most MAX_CITED_PASSAGES) with its [n]
 * citation, then a Sources list linking to /p/{slug}. In "article" mode the article's own passages
 * come first and the others as related; "next" adds where to go next. No passages: a suggestion
 * of other keywords.
 */
export function researchAnswer(
  results: ResearchResults,
  query: string,
  mode: ResearchMode,
  context: AnswerContext,
): string {
  const passages = results.passages.slice(0, MAX_CITED_PASSAGES);
  const asked = results.query || query;
  const topic = escapeMarkdown(asked);
  if (passages.length === 0) {
    return joinBlocks([
      `I found nothing in our research library about “${topic}”.`,
      `Try other keywords, for example “rollups”, “staking” or “lightning network”. ${SHORT_CAPABILITIES}.`,
    ]);
  }
  const points = (list: ResearchPassage[]) =>
    list.map((p) => `- ${keyPoint(p.excerpt, asked)} [${p.n}]`).join("\n");
  const article = mode === "article" ? context.article : null;
  const ownPassages = article ? passages.filter((p) => p.slug === article.slug) : [];
  const own = article && ownPassages.length > 0 ? article : null;
  const related = own ? passages.filter((p) => p.slug !== own.slug) : [];
  const body = own
    ? joinBlocks([
        points(ownPassages),
        related.length > 0 ? `Related in our library:\n${points(related)}` : null,
      ])
    : points(passages);
  return joinBlocks([
    intro(mode, topic, own),
    body,
    `**Sources**\n${passages.map(sourceLink).join("\n")}`,
    mode === "next" ? nextSteps(asked, passages, context) : null,
  ]);
}

// Our writing that mentions a coin, for its page (docs/product/markets.md#coin-page): found by the search
// index, kept only where the text really names the coin, split by card label, newest first.
import {
  type Article,
  type ArticleCard,
  articleLabel,
  type CoinPage,
  type TokenData,
} from "@pragmatist/contracts";
import type { ArticlesService } from "./articles.service.ts";
import type { SearchService } from "../search/search.types.ts";

/** Articles shown under a coin: research, and newsletters with market reports. */
const SHOWN = { research: 6, newsletters: 4 } as const;
/** Search hits read in full to check that they name the coin. */
const CANDIDATES = 24;

/** What names a coin in text. */
type CoinNames = Pick<TokenData, "name" | "symbol" | "rank">;

const WORD_CHAR = /[\p{L}\p{N}]/u;

/**
 * Whether `text` holds `phrase` as whole words, in any case ("Bitcoin's" names Bitcoin,
 * "bitcoins" and "Cat" in "Catalyst" do not name it).
 */
export function namesPhrase(text: string, phrase: string): boolean {
  const haystack = text.toLowerCase();
  const needle = phrase.toLowerCase();
  for (let at = haystack.indexOf(needle); at !== -1; at = haystack.indexOf(needle, at + 1)) {
    const before = haystack[at - 1] ?? " ";
    const after = haystack[at + needle.length] ?? " ";
    if (!WORD_CHAR.test(before) && !WORD_CHAR.test(after)) return true;
  }
  return false;
}

/**
 * Whether `article` names the coin: its name, or, for a coin with a market-cap rank, its ticker
 * written `$TICKER` or in capitals (tickers are not unique: an unranked new listing called "USDC"
 * must not claim every article about the stablecoin).
 */
function mentions(article: Article, coin: CoinNames): boolean {
  const { title, subTitle, content } = article.attributes;
  const text = `${title}\n${subTitle}\n${content}`;
  if (namesPhrase(text, coin.name)) return true;
  const ticker = coin.symbol.toUpperCase();
  // A ticker of two letters ("OP", "AR") is too often something else.
  if (coin.rank === null || ticker.length < 3 || !/^[A-Z0-9]+$/.test(ticker)) return false;
  return new RegExp(`(^|[^\\w$])\\$?${ticker}(?!\\w)`).test(text);
}

/** The card of a full article: everything but its text. */
function cardOf(article: Article): ArticleCard {
  const {
    content: _content,
    body: _body,
    updatedAt: _u,
    source: _s,
    ...attributes
  } = article.attributes;
  return { id: article.id, attributes };
}

/**
 * The published articles that name `coin` (mentions) among the search index's best CANDIDATES
 * for its name, newest first: those whose card label is Newsletter or Market Report
 * (docs/product/reader.md#article-card) as newsletters, at most SHOWN.newsletters; the Research ones as
 * research, at most SHOWN.research.
 */
export async function findCoinMentions(
  deps: { articles: Pick<ArticlesService, "findBySlug">; search: SearchService },
  coin: CoinNames,
): Promise<Pick<CoinPage, "research" | "newsletters">> {
  const hits = await deps.search.search(coin.name, CANDIDATES);
  const found = await Promise.all(hits.map((hit) => deps.articles.findBySlug(hit.slug)));
  const named = found
    .filter((a): a is Article => a !== null && mentions(a, coin))
    .map(cardOf)
    .sort((a, b) => b.attributes.publishDate.localeCompare(a.attributes.publishDate));
  const isNews = (a: ArticleCard) => articleLabel(a.attributes) !== "Research";
  return {
    research: named.filter((a) => !isNews(a)).slice(0, SHOWN.research),
    newsletters: named.filter(isNews).slice(0, SHOWN.newsletters),
  };
}

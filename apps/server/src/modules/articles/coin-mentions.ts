// The coins our published articles name, read once per version of each article and kept in
// memory: an article page's coin links and its "Coins in this article" (docs/product/reader.md#article-coins),
// and a coin page's research and newsletters (docs/product/markets.md#coin-page), which read cards only.
import { setImmediate as nextTurn } from "node:timers/promises";
import {
  type Article,
  articleLabel,
  type ArticleCoins,
  type CoinPage,
  type CoinPageArticle,
} from "@pragmatist/contracts";
import { LRUCache } from "lru-cache";
import type { MarketPages } from "../market/market-pages.service.ts";
import {
  type ArticleCoinReading,
  type ArticleText,
  linkCoins,
  readArticleCoins,
} from "./article-coins.ts";
import type { ArticlesService, ArticleVersion } from "./articles.service.ts";

/** Articles shown under a coin: research, and newsletters with market reports. */
const SHOWN = { research: 6, newsletters: 4 } as const;
/** Texts read at a time when the readings catch up with the publication. */
const TEXT_BATCH = 50;
/** Cards read at a time, newest first, until both of a coin page's lists are full. */
const CARD_BATCH = 24;

/** The coins of the publication's articles, for article pages and coin pages. */
export interface CoinMentions {
  /**
   * The published articles that name the coin with this CoinGecko id, newest first: those whose
   * card label is Newsletter or Market Report (docs/product/reader.md#article-card) as
   * newsletters, at most SHOWN.newsletters; the Research ones as research, at most SHOWN.research.
   * Reads the articles' versions and cards; a text only for an article published or edited since
   * it was last read.
   */
  find(coinId: string): Promise<Pick<CoinPage, "research" | "newsletters">>;
  /**
   * `article`'s coins (PublicationApi.findArticleCoins): its text with each coin's first linkable
   * mention linked (linkCoins), and the coins with their dated figures (MarketPages.quoteCoins).
   */
  articleCoins(article: Article): Promise<ArticleCoins>;
  /** Reads every published article not read yet, so the first coin page reads no text. */
  warm(): Promise<void>;
}

/**
 * The cards of the articles `naming` a coin (their ids, newest first), read CARD_BATCH at a time
 * until both lists are full: Research as research, the rest as newsletters, at most SHOWN of each.
 */
async function shownOf(
  articles: Pick<ArticlesService, "listByIds">,
  naming: number[],
): Promise<Pick<CoinPage, "research" | "newsletters">> {
  const research: CoinPageArticle[] = [];
  const newsletters: CoinPageArticle[] = [];
  const full = () => research.length >= SHOWN.research && newsletters.length >= SHOWN.newsletters;
  for (let i = 0; i < naming.length && !full(); i += CARD_BATCH) {
    const ids = naming.slice(i, i + CARD_BATCH);
    const { data } = await articles.listByIds(ids, { page: 1, pageSize: ids.length });
    for (const { id, attributes: a } of data) {
      const { title, subTitle, slug, publishDate } = a;
      const shown = { id, title, subTitle, slug, publishDate };
      (articleLabel(a) === "Research" ? research : newsletters).push(shown);
    }
  }
  return {
    research: research.slice(0, SHOWN.research),
    newsletters: newsletters.slice(0, SHOWN.newsletters),
  };
}

/**
 * CoinMentions over the library (`articles`) and the market's coin names and figures
 * (`marketPages`). Readings are kept per article and version (`updatedAt`), so an edit is read
 * again and an unpublished article forgotten at the next coin page; linked texts of articles
 * shown are kept up to 16 MB.
 */
export function createCoinMentions(deps: {
  articles: Pick<ArticlesService, "listVersions" | "findTexts" | "listByIds">;
  marketPages: Pick<MarketPages, "coinGazetteer" | "quoteCoins">;
}): CoinMentions {
  const { articles, marketPages } = deps;
  const readings = new Map<number, { version: string; reading: ArticleCoinReading }>();
  const linked = new LRUCache<string, string>({
    maxSize: 16 * 1024 * 1024,
    sizeCalculation: (v) => v.length + 64,
  });
  let queue: Promise<unknown> = Promise.resolve();

  function read(id: number, version: string, text: ArticleText): ArticleCoinReading {
    const known = readings.get(id);
    if (known?.version === version) return known.reading;
    const reading = readArticleCoins(text, marketPages.coinGazetteer());
    readings.set(id, { version, reading });
    return reading;
  }

  /** The published versions, every one read; one catch-up at a time (no text is read twice). */
  function current(): Promise<ArticleVersion[]> {
    const run = queue.then(async () => {
      const versions = await articles.listVersions();
      const published = new Set(versions.map((v) => v.id));
      for (const id of readings.keys()) if (!published.has(id)) readings.delete(id);
      const stale = versions.filter((v) => readings.get(v.id)?.version !== v.updatedAt);
      for (let i = 0; i < stale.length; i += TEXT_BATCH) {
        const texts = await articles.findTexts(stale.slice(i, i + TEXT_BATCH).map((v) => v.id));
        for (const text of texts) {
          read(text.id, text.updatedAt, text);
          // Reading is CPU work: let requests in between articles.
          await nextTurn();
        }
      }
      return versions;
    });
    queue = run.catch(() => {});
    return run;
  }

  async function find(coinId: string): Promise<Pick<CoinPage, "research" | "newsletters">> {
    const naming = (await current())
      .filter((v) => readings.get(v.id)?.reading.coinIds.includes(coinId))
      .sort((a, b) => b.publishDate.localeCompare(a.publishDate) || b.id - a.id)
      .map((v) => v.id);
    return shownOf(articles, naming);
  }

  async function articleCoins(article: Article): Promise<ArticleCoins> {
    const { title, subTitle, content, body, updatedAt } = article.attributes;
    const reading = read(article.id, updatedAt, { title, subTitle, content, body });
    const key = `${article.id}@${updatedAt}`;
    let text = body ? linked.get(key) : content;
    if (text === undefined) {
      text = linkCoins(content, reading.links);
      linked.set(key, text);
    }
    return { content: text, coins: await marketPages.quoteCoins(reading.coinIds) };
  }

  return {
    find,
    articleCoins,
    warm: async () => {
      await current();
    },
  };
}

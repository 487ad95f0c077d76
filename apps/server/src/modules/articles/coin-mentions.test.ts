// The coins our articles name, kept per article version (docs/product/markets.md#coin-page,
// docs/product/reader.md#article-coins): a coin page lists the articles naming the coin from cards
// alone once the articles were read, reads an edited article again and forgets an unpublished one.
import type {
  Article,
  ArticleCard,
  ArticleListResponse,
  CoinPageArticle,
} from "@pragmatist/contracts";
import { describe, expect, it } from "vitest";
import { createGazetteer } from "../market/coin-gazetteer.service.ts";
import { createSnapshotSource, loadSnapshot } from "../market/snapshot.ts";
import type { ArticleVersion, ArticleWords } from "./articles.service.ts";
import { createCoinMentions } from "./coin-mentions.ts";

const gazetteer = createGazetteer(createSnapshotSource(loadSnapshot()).knownCoins());

interface Stored extends ArticleWords {
  publishDate: string;
  types: string[];
}

/** A library of `stored` articles that counts what each read asks for. */
function library(stored: Stored[]) {
  const reads = { texts: 0, cards: 0 };
  const cardOf = (a: Stored) =>
    ({
      id: a.id,
      attributes: {
        slug: `a${a.id}`,
        title: a.title,
        subTitle: a.subTitle,
        publishDate: a.publishDate,
        types: a.types,
      },
    }) as unknown as ArticleCard;
  const articles = {
    listVersions: async (): Promise<ArticleVersion[]> =>
      stored.map(({ id, updatedAt, publishDate }) => ({ id, updatedAt, publishDate })),
    findTexts: async (ids: number[]) => {
      reads.texts += ids.length;
      return stored.filter((a) => ids.includes(a.id));
    },
    listByIds: async (ids: number[]) => {
      reads.cards += ids.length;
      const data = ids.flatMap((id) => stored.filter((a) => a.id === id).map(cardOf));
      return { data, meta: {} } as unknown as ArticleListResponse;
    },
  };
  const mentions = createCoinMentions({
    articles,
    marketPages: {
      coinGazetteer: () => gazetteer,
      quoteCoins: async (ids) =>
        ids.map((id) => ({
          id,
          symbol: id,
          name: id,
          priceUsd: 1,
          change24hPercent: 0,
          freshness: null,
        })),
    },
  });
  return { mentions, reads };
}

const article = (id: number, content: string, extra: Partial<Stored> = {}): Stored => ({
  id,
  title: `Article ${id}`,
  subTitle: "",
  content,
  body: true,
  updatedAt: "2026-05-01T00:00:00.000Z",
  publishDate: `2026-05-0${id}`,
  types: ["Research"],
  ...extra,
});

const slugs = (shown: CoinPageArticle[]) => shown.map((a) => a.slug);

describe("the articles naming a coin", () => {
  it("lists them newest first by label from cards alone once every article was read", async () => {
    const stored = [
      article(1, "Solana validators vote.\n"),
      article(2, "Nothing about coins here; prices stayed near the highs.\n"),
      article(3, "ETH and Solana moved.\n", { types: ["Newsletter"] }),
      article(4, "More on Solana.\n"),
    ];
    const { mentions, reads } = library(stored);
    await mentions.warm();
    expect(reads.texts).toBe(4);
    const found = await mentions.find("solana");
    expect(slugs(found.research)).toEqual(["a4", "a1"]);
    expect(slugs(found.newsletters)).toEqual(["a3"]);
    expect(slugs((await mentions.find("near")).research)).toEqual([]);
    // No text was read again: versions and cards only.
    expect(reads.texts).toBe(4);
    expect(reads.cards).toBe(3);
  });

  it("reads an edited article again and forgets one no longer published", async () => {
    const stored = [article(1, "Solana validators vote.\n"), article(2, "Bitcoin miners.\n")];
    const { mentions, reads } = library(stored);
    expect(slugs((await mentions.find("solana")).research)).toEqual(["a1"]);
    stored[0] = {
      ...stored[0]!,
      content: "Now about Cardano.\n",
      updatedAt: "2026-05-09T00:00:00.000Z",
    };
    stored.pop();
    expect(slugs((await mentions.find("solana")).research)).toEqual([]);
    expect(slugs((await mentions.find("cardano")).research)).toEqual(["a1"]);
    expect(slugs((await mentions.find("bitcoin")).research)).toEqual([]);
    expect(reads.texts).toBe(3);
  });

  it("gives an article page its linked text and its coins, in the order first named", async () => {
    const stored = article(1, "Solana is fast. So is ETH; Solana again.\n", {
      title: "On Bitcoin",
    });
    const { mentions, reads } = library([stored]);
    const full = { id: 1, attributes: { ...stored, slug: "a1" } } as unknown as Article;
    const coins = await mentions.articleCoins(full);
    expect(coins.content).toBe(
      "[Solana](/markets/solana) is fast. So is [ETH](/markets/ethereum); Solana again.\n",
    );
    expect(coins.coins.map((c) => c.id)).toEqual(["bitcoin", "solana", "ethereum"]);
    // The page read it: a coin page does not read its text again.
    await mentions.find("solana");
    expect(reads.texts).toBe(0);
  });
});

// One search suite for every engine: ranking, typo tolerance, syntax as text, visibility, upkeep.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../../db/client.ts";
import { engines, freshDb } from "../../testing/db.ts";
import { createSearchService } from "./search.service.ts";
import type { SearchDocument, SearchService } from "./search.types.ts";

interface Fixture {
  slug: string;
  title: string;
  subTitle: string;
  content: string;
  tags: string[];
  status?: string;
  publishDate?: string;
}

const fixtures: Fixture[] = [
  {
    slug: "ethereum-staking-withdrawals",
    title: "Ethereum staking withdrawals explained",
    subTitle: "How validators exit and where the staked ether goes after Shapella.",
    content:
      "Since the **Shapella** upgrade, validators can withdraw their stake. Partial withdrawals " +
      "sweep rewards above 32 ETH automatically; a full exit joins a queue. See " +
      "[the spec](https://github.com/ethereum/consensus-specs) for details.",
    tags: ["staking", "validators"],
  },
  {
    slug: "solana-staking-basics",
    title: "Solana staking basics",
    subTitle: "Delegation, epochs and inflation rewards on Solana.",
    content: "Delegators choose a validator and earn inflation rewards every epoch.",
    tags: ["staking"],
  },
  {
    slug: "ethereum-gas-fees",
    title: "Ethereum gas fees after EIP-1559",
    subTitle: "Base fee, priority fee and why blocks target half full.",
    content: "EIP-1559 burns the base fee. Wallets estimate the priority fee from recent blocks.",
    tags: ["fees", "eip-1559"],
  },
  {
    slug: "bitcoin-fees-and-the-mempool",
    title: "Bitcoin fees and the mempool",
    subTitle: "Why transaction fees spike when blocks fill up.",
    content: "Miners pick the transactions paying the highest fee rate in satoshis per vbyte.",
    tags: ["fees"],
  },
  {
    slug: "weekly-market-wrap",
    title: "Weekly market wrap",
    subTitle: "Prices, flows and the week ahead.",
    content:
      "Bitcoin rose 4% as bitcoin ETF inflows continued. Bitcoin dominance reached a new high " +
      "while bitcoin miners sold less. Analysts expect bitcoin volatility to return.",
    tags: ["markets"],
  },
  {
    slug: "mica-stablecoin-rules",
    title: "MiCA stablecoin rules",
    subTitle: "What Europe's regulation asks of issuers of stablecoins.",
    content: "Issuers of e-money tokens need a licence and must hold reserves.",
    tags: ["regulation", "stablecoins"],
  },
  {
    slug: "cafe-decentralise",
    title: "Le café décentralisé",
    subTitle: "Paying for coffee with the Lightning network 🚀",
    content: "Small payments settle instantly over Lightning channels.",
    tags: ["lightning"],
  },
  {
    slug: "draft-ethereum-staking-secrets",
    title: "Ethereum staking secrets",
    subTitle: "Unpublished notes on restaking.",
    content: "Draft text about zebrafish validators.",
    tags: ["staking"],
    status: "draft",
  },
  {
    slug: "future-bitcoin-halving",
    title: "Bitcoin halving preview",
    subTitle: "Scheduled for the future.",
    content: "The quokka halving preview is not out yet.",
    tags: ["bitcoin"],
    publishDate: "2999-01-01T00:00:00.000Z",
  },
];

describe.each(engines)("search on %s", (engine) => {
  let db: Db;
  let search: SearchService;
  const ids = new Map<string, number>();

  /** The slugs of the hits for `query`, best first. */
  async function slugs(query: string): Promise<string[]> {
    return (await search.search(query, 100)).map((h) => h.slug);
  }

  function doc(slug: string, changes: Partial<SearchDocument> = {}): SearchDocument {
    const f = fixtures.find((x) => x.slug === slug);
    if (!f) throw new Error(slug);
    return {
      id: ids.get(slug) ?? 0,
      title: f.title,
      subTitle: f.subTitle,
      content: f.content,
      tags: f.tags,
      ...changes,
    };
  }

  beforeAll(async () => {
    db = await freshDb(engine);
    search = createSearchService(db);
    const at = "2026-01-01T00:00:00.000Z";
    for (const f of fixtures) {
      const row = await db.kysely
        .insertInto("articles")
        .values({
          slug: f.slug,
          title: f.title,
          sub_title: f.subTitle,
          content: f.content,
          body: 1,
          excerpt: f.subTitle,
          reading_time_minutes: 1,
          publish_date: f.publishDate ?? at,
          status: f.status ?? "published",
          created_at: at,
          updated_at: at,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      ids.set(f.slug, row.id);
      await search.index(doc(f.slug));
    }
  });

  afterAll(async () => {
    await db.close();
  });

  it("ranks a title match above articles that only mention the word in the body", async () => {
    const hits = await slugs("bitcoin");
    expect(hits[0]).toBe("bitcoin-fees-and-the-mempool");
    expect(hits).toContain("weekly-market-wrap");
  });

  it("returns id, title and slug of each hit", async () => {
    const [hit] = await search.search("mempool", 10);
    expect(hit).toEqual({
      id: ids.get("bitcoin-fees-and-the-mempool"),
      title: "Bitcoin fees and the mempool",
      slug: "bitcoin-fees-and-the-mempool",
    });
  });

  it("finds the Ethereum staking article first for 'etherum stakng'", async () => {
    const hits = await slugs("etherum stakng");
    expect(hits[0]).toBe("ethereum-staking-withdrawals");
  });

  it("corrects a misspelt single word", async () => {
    expect((await slugs("bitcoinn"))[0]).toBe("bitcoin-fees-and-the-mempool");
    expect(await slugs("stablecoinz")).toEqual(["mica-stablecoin-rules"]);
    expect(await slugs("mempol")).toEqual(["bitcoin-fees-and-the-mempool"]);
  });

  it("matches word forms (staked, withdrawal) and words in tags", async () => {
    expect(await slugs("withdrawal")).toEqual(["ethereum-staking-withdrawals"]);
    expect(await slugs("regulation")).toEqual(["mica-stablecoin-rules"]);
    expect(await slugs("staked")).toContain("ethereum-staking-withdrawals");
  });

  it("completes an unfinished last word", async () => {
    expect(await slugs("ethereum withdr")).toEqual(["ethereum-staking-withdrawals"]);
  });

  it("falls back to articles matching some of the words when none has all", async () => {
    const hits = await slugs("solana mempool");
    expect(hits).toHaveLength(2);
    expect(hits).toEqual(
      expect.arrayContaining(["solana-staking-basics", "bitcoin-fees-and-the-mempool"]),
    );
  });

  it("treats search syntax in the query as text", async () => {
    const staking = ["ethereum-staking-withdrawals", "solana-staking-basics"];
    expect((await slugs('"staking')).sort()).toEqual(staking);
    expect((await slugs("stak*")).sort()).toEqual(staking);
    expect(await slugs("-ethereum")).toEqual(
      expect.arrayContaining(["ethereum-staking-withdrawals", "ethereum-gas-fees"]),
    );
    expect((await slugs("ethereum NEAR staking"))[0]).toBe("ethereum-staking-withdrawals");
    expect(await slugs("bitcoin OR stablecoin")).toEqual(
      expect.arrayContaining(["bitcoin-fees-and-the-mempool", "mica-stablecoin-rules"]),
    );
    expect(await slugs("eip-1559")).toEqual(["ethereum-gas-fees"]);
    expect(await slugs("(mempool")).toEqual(["bitcoin-fees-and-the-mempool"]);
  });

  it("never throws on hostile or odd input", async () => {
    const queries = [
      '"',
      "*",
      "-",
      "((",
      "))",
      "'",
      ";--",
      "'; drop table articles;--",
      "a NEAR b",
      "NEAR(a b, 3)",
      "OR",
      "AND NOT",
      "title:bitcoin",
      "^bitcoin",
      "bitcoin:*",
      "!&|<->",
      "\\",
      "%_",
      "\u0000",
      "🚀",
      "🚀🚀 lightning",
      "比特币",
      "ß ñ ø İ ﬁ Ⅻ ²",
      "a".repeat(200),
      "staking ".repeat(25),
    ];
    for (const q of queries) {
      const hits = await search.search(q, 100);
      expect(Array.isArray(hits), q).toBe(true);
    }
    expect((await slugs("'; drop table articles;--")).length).toBeLessThanOrEqual(9);
    expect((await slugs("bitcoin")).length).toBeGreaterThan(0);
    expect(await slugs("🚀🚀 lightning")).toEqual(["cafe-decentralise"]);
  });

  it("ignores diacritics and case", async () => {
    expect(await slugs("CAFE decentralise")).toEqual(["cafe-decentralise"]);
    expect(await slugs("Café")).toEqual(["cafe-decentralise"]);
  });

  it("returns [] for an empty, blank or punctuation-only query", async () => {
    expect(await search.search("", 100)).toEqual([]);
    expect(await search.search("   \t\n", 100)).toEqual([]);
    expect(await search.search("((", 100)).toEqual([]);
    expect(await search.search("the and of", 100)).toEqual([]);
  });

  it("respects the limit", async () => {
    expect(await search.search("fees", 1)).toHaveLength(1);
    expect(await search.search("fees", 0)).toEqual([]);
  });

  it("never returns drafts or future-dated articles", async () => {
    expect(await slugs("zebrafish")).toEqual([]);
    expect(await slugs("quokka")).toEqual([]);
    expect(await slugs("halving")).toEqual([]);
    const all = await slugs("ethereum staking bitcoin");
    expect(all).not.toContain("draft-ethereum-staking-secrets");
    expect(all).not.toContain("future-bitcoin-halving");
  });

  it("shows a future-dated article once its publish date has passed", async () => {
    const later = createSearchService(db, { now: () => new Date("3000-01-01T00:00:00Z") });
    expect(await later.search("quokka", 10)).toEqual([
      {
        id: ids.get("future-bitcoin-halving"),
        title: "Bitcoin halving preview",
        slug: "future-bitcoin-halving",
      },
    ]);
  });

  it("re-indexing replaces the article's text without duplicates", async () => {
    await search.index(
      doc("solana-staking-basics", { title: "Solana parachains compared", tags: [] }),
    );
    await search.index(
      doc("solana-staking-basics", { title: "Solana parachains compared", tags: [] }),
    );
    expect(await slugs("parachains")).toEqual(["solana-staking-basics"]);
    const solana = await slugs("solana");
    expect(solana).toEqual(["solana-staking-basics"]);
    expect(await slugs("staking")).not.toContain("solana-staking-basics");
    expect(await slugs("parachain")).toEqual(["solana-staking-basics"]);
    await search.index(doc("solana-staking-basics"));
    expect(await slugs("parachains")).toEqual([]);
    expect(await slugs("staking")).toContain("solana-staking-basics");
  });

  it("remove takes an article out of the results", async () => {
    await search.remove(ids.get("mica-stablecoin-rules") ?? 0);
    expect(await slugs("stablecoin")).toEqual([]);
    expect(await slugs("mica")).toEqual([]);
    await search.remove(ids.get("mica-stablecoin-rules") ?? 0);
    await search.index(doc("mica-stablecoin-rules"));
    expect(await slugs("stablecoin")).toEqual(["mica-stablecoin-rules"]);
  });

  it("forgets an article deleted from the database", async () => {
    const row = await db.kysely
      .insertInto("articles")
      .values({
        slug: "ordinals-explained",
        title: "Ordinals explained",
        sub_title: "Inscriptions on satoshis.",
        content: "Ordinals number every satoshi.",
        body: 1,
        excerpt: "",
        reading_time_minutes: 1,
        publish_date: "2026-01-02T00:00:00.000Z",
        status: "published",
        created_at: "2026-01-02T00:00:00.000Z",
        updated_at: "2026-01-02T00:00:00.000Z",
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await search.index({
      id: row.id,
      title: "Ordinals explained",
      subTitle: "Inscriptions on satoshis.",
      content: "Ordinals number every satoshi.",
      tags: [],
    });
    expect(await slugs("ordinals")).toEqual(["ordinals-explained"]);
    await db.kysely.deleteFrom("articles").where("id", "=", row.id).execute();
    expect(await slugs("ordinals")).toEqual([]);
  });

  it("rebuild indexes every article with its tags from the database", async () => {
    const at = "2026-01-01T00:00:00.000Z";
    const term = await db.kysely
      .insertInto("terms")
      .values({ kind: "tag", name: "Restaking", slug: "restaking" })
      .returning("id")
      .executeTakeFirstOrThrow();
    const article = await db.kysely
      .insertInto("articles")
      .values({
        slug: "eigenlayer-primer",
        title: "EigenLayer primer",
        sub_title: "Shared security.",
        content: "Operators secure services with re-used stake.",
        body: 1,
        excerpt: "",
        reading_time_minutes: 1,
        publish_date: at,
        status: "published",
        created_at: at,
        updated_at: at,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await db.kysely
      .insertInto("article_terms")
      .values({ article_id: article.id, term_id: term.id, position: 0 })
      .execute();
    expect(await slugs("restaking")).toEqual([]);
    expect(await search.rebuild()).toBe(fixtures.length + 1);
    expect(await slugs("restaking")).toEqual(["eigenlayer-primer"]);
    expect(await slugs("restakng")).toEqual(["eigenlayer-primer"]);
    expect((await slugs("etherum stakng"))[0]).toBe("ethereum-staking-withdrawals");
    expect(await slugs("zebrafish")).toEqual([]);
  });
});

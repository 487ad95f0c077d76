// Max's research index in detail (eval class R2, docs/product/max.md#eval-classes, decision 013):
// the sentences that answer, from any section and list items included; series and their latest
// issues. Articles written here.
import { describe, expect, it } from "vitest";
import { type IndexedArticle, buildResearchIndex } from "./assistant.research-index.ts";
import { createResearchSearch } from "./assistant.research.ts";
import { terms } from "./assistant.research-words.ts";
import { researchAnswer } from "./offline/answers/research.ts";
import type { AnswerContext } from "./offline/answers/outcome.ts";

const article = (
  slug: string,
  title: string,
  content: string,
  publishDate = "2026-01-01",
): IndexedArticle => ({
  slug,
  title,
  subTitle: "",
  content,
  publishDate: `${publishDate}T00:00:00.000Z`,
  keywords: [],
});

const ISSUANCE = article(
  "issuance",
  "How the switch to validators changed token supply",
  [
    "The network moved from miners to validators in 2022, and the way new tokens are created changed with it.",
    "## Before and after",
    "Miners used to receive most of the new tokens. Validators receive far fewer, because securing the chain costs less.",
    "## In short",
    "- Miners were paid about 13,000 tokens a day",
    "- Since the switch, new issuance dropped by about 88% overall",
    "## Energy",
    "Running a validator uses roughly as much electricity as a laptop left on all day.",
  ].join("\n\n"),
);

const WEEKLY = (n: number, date: string) =>
  article(
    `weekly-${n}`,
    `Weekly Letter #${n}: notes from the desk`,
    "Markets were quiet this week.",
    date,
  );

const DEPOSITS = article(
  "deposits",
  "Deposits on Quillnet",
  [
    "Every Quillnet account pays a deposit for the data it stores.",
    "## What a deposit is",
    "The deposit of an account grows with the data the account stores. An account that stores nothing pays no deposit. A deposit is paid in QNT, the network's token, from the account's balance. The deposit of an account is its own, and no other account pays it.",
    "## Closing an account",
    "Closing an account takes one transaction, from any wallet holding its key. Its deposit is refunded to the owner. A refund reaches the owner's wallet within one block, and the refund is the whole amount.",
  ].join("\n\n"),
);

describe("the research index", () => {
  const index = buildResearchIndex([
    ISSUANCE,
    DEPOSITS,
    WEEKLY(1, "2026-01-05"),
    WEEKLY(2, "2026-02-05"),
  ]);
  /** The statements answering `query` in the article whose section matches it best. */
  const answering = (query: string, max: number) =>
    index.answering(index.search(query, 1)[0]!.section, query, max);

  it("quotes a list item that states the fact asked, with its stop", () => {
    const [best] = answering("by how much did new issuance drop after the switch?", 3);
    expect(best?.text).toBe("Since the switch, new issuance dropped by about 88% overall.");
    expect(best?.section.heading).toBe("In short");
  });

  it("answers from whichever section holds the answer, not only the best-matching one", () => {
    const [best] = answering("how much electricity does a validator use?", 1);
    expect(best?.section.heading).toBe("Energy");
    expect(best?.text).toMatch(/laptop/);
  });

  it("answers with a sentence in the best section's own words, sharing none with the question", () => {
    // "refund" is not the reader's word, but it is what the section on closing an account says.
    const said = answering("where does the deposit go when I close my account?", 3);
    expect(said.map((s) => s.text)).toContain(
      "A refund reaches the owner's wallet within one block, and the refund is the whole amount.",
    );
  });

  it("lets a title holding a common word of a long question weigh as little as that word", () => {
    // Many articles speak of fees; one says why Zkline's fell. "Gas and fees" only names fees.
    const fees = (n: number) =>
      article(`fees-${n}`, `Notes on fees, part ${n}`, "Fees pay for the work a network does.");
    const library = buildResearchIndex([
      ...[1, 2, 3, 4, 5, 6].map(fees),
      article(
        "blob-space",
        "A cheaper place for rollup data",
        "Zkline posts its data as blobs now, so its fees fell.",
      ),
      article(
        "gas",
        "Gas and fees",
        "Fees fall when a network is quiet and rise so much when it is busy.",
      ),
    ]);
    const [best] = library.search("why did fees on Zkline and Optimix fall so much?", 5);
    expect(best?.section.slug).toBe("blob-space");
  });

  it("matches a name holding a digit exactly, never its neighbours", () => {
    // "testnet5" is one edit from "testnet4", as "bip157" is from "bip158": other things.
    const library = buildResearchIndex([
      article(
        "successor",
        "Test networks, again",
        "Developers propose testnet5, a test network to follow testnet3 and its block storms.",
      ),
      article("reset", "Notes on testing", "Developers may reset testnet4 next year."),
    ]);
    const [best] = library.search("why would developers reset testnet4?", 5);
    expect(best?.section.slug).toBe("reset");
    expect(library.search("testnet4", 5).map((h) => h.section.slug)).toEqual(["reset"]);
  });

  it("ranks a section saying the reader's words side by side above one holding them apart", () => {
    // Both say "chain" and "split" as often; only one speaks of "the chain split".
    const library = buildResearchIndex([
      article(
        "apart",
        "Notes on the network",
        "Each chain has its history. A token split happened elsewhere, and the chain carried on without it.",
      ),
      article(
        "together",
        "Notes on the community",
        "The chain split left two networks, and the community had to choose one of them.",
      ),
    ]);
    const [best] = library.search("why was there a chain split?", 2);
    expect(best?.section.slug).toBe("together");
  });

  it("knows a series by the name its titles share before '#' or ':', newest issue first", () => {
    expect(index.series(terms("weekly letter")).map((a) => a.slug)).toEqual([
      "weekly-2",
      "weekly-1",
    ]);
    // One article is no series, and words no series is named by find none.
    expect(index.series(terms("token supply"))).toEqual([]);
  });
});

/**
 * A library of `batches` (newest first) as ArticlesService serves it to the research index:
 * `reads` counts the passes over it, and a pass waits at `gate` (when given) before its last batch.
 */
function library(batches: IndexedArticle[][], gate?: Promise<void>) {
  const state = { reads: 0, batches };
  const articles = {
    librarySignature: async () =>
      state.batches
        .flat()
        .map((a) => a.slug)
        .join(),
    count: async () => state.batches.flat().length,
    async *eachPublished() {
      state.reads += 1;
      for (const [i, batch] of state.batches.entries()) {
        if (gate && i === state.batches.length - 1) await gate;
        yield batch;
      }
    },
  } as unknown as Parameters<typeof createResearchSearch>[0];
  return { state, articles };
}

const ENERGY = "how much electricity does a validator use?";

describe("the research index built ahead of the first question", () => {
  it("reads the library once when warmed, so the first question reads nothing more", async () => {
    const { state, articles } = library([[ISSUANCE]]);
    const search = createResearchSearch(articles);
    await search.warm();
    expect(state.reads).toBe(1);
    const found = await search(ENERGY);
    expect(found.passages[0]?.slug).toBe("issuance");
    expect(found.warming).toBeUndefined();
    expect(state.reads).toBe(1);
  });

  it("answers from the articles read so far while the first reading is not done, saying how many", async () => {
    let open = () => {};
    const gate = new Promise<void>((resolve) => (open = resolve));
    const { articles } = library([[ISSUANCE], [WEEKLY(1, "2026-01-05")]], gate);
    const search = createResearchSearch(articles, { warmingWaitMs: 20 });
    const warmed = search.warm();
    const early = await search(ENERGY);
    expect(early.passages[0]?.slug).toBe("issuance");
    expect(early.warming).toEqual({ indexed: 1, total: 2 });
    // Nothing found yet is not "the library has nothing on it" (no reading is needed to say so).
    const none = await search("photosynthesis in plants");
    expect(researchAnswer(none, none.query, "plain", {} as AnswerContext)).toMatch(
      /in the 1 of our 2 articles I have read since I started.*Ask me again in a few minutes/,
    );
    open();
    await warmed;
    expect((await search(ENERGY)).warming).toBeUndefined();
  });

  it("reads the library again when it changes, answering from the previous reading meanwhile", async () => {
    const { state, articles } = library([[ISSUANCE]]);
    const search = createResearchSearch(articles);
    await search.warm();
    state.batches = [[ISSUANCE], [WEEKLY(1, "2026-01-05"), WEEKLY(2, "2026-02-05")]];
    const during = await search("latest weekly letter");
    expect(during.order).toBe("relevance");
    await search.warm();
    expect(state.reads).toBe(2);
    const after = await search("latest weekly letter");
    expect(after.passages.map((p) => p.slug)).toEqual(["weekly-2", "weekly-1"]);
  });
});

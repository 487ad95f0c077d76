// "The difference between A and B" in Max's research (docs/product/max.md#max-research, decision
// 013): the article explaining each side in a section of its own answers, with what each side is
// and what sets them apart; sides with articles of their own are each quoted from theirs. Articles
// written here.
import { describe, expect, it } from "vitest";
import type { IndexedArticle } from "./assistant.research-index.ts";
import { createResearchSearch } from "./assistant.research.ts";
import { researchAnswer } from "./offline/answers/research.ts";
import type { AnswerContext } from "./offline/answers/outcome.ts";

const article = (slug: string, title: string, content: string[]): IndexedArticle => ({
  slug,
  title,
  subTitle: "",
  content: content.join("\n\n"),
  publishDate: "2026-01-01T00:00:00.000Z",
  keywords: [],
});

/** An explainer of two ways to settle, each in its own section, and what sets them apart. */
const EXPLAINER = article("two-ways-to-settle", "Two ways to settle trades", [
  "Every market has to decide when money actually moves.",
  "## Netting",
  "Netting settles only the balance left once trades cancel each other out. A clearing house adds up what each member owes and is owed, then moves what remains once a day.",
  "## Gross settlement",
  "Gross settlement moves every trade in full, one at a time, as it happens. Nothing is offset, so each payment needs the whole amount at once.",
  "## Which to use",
  "A busy exchange needs far less cash under netting than under gross settlement, but one member failing leaves the others exposed until the day ends.",
]);

/** Newsletters naming both in one sentence, and other notes on settlement. */
const NOTES = [
  article("desk-notes-12", "Desk notes #12: a quiet week", [
    "Markets were quiet this week.",
    "## Your questions",
    "Several of you asked what the difference between netting and gross settlement means for settlement on chain; netting and gross settlement differ less on chain than readers think, and we will come back to the difference.",
  ]),
  ...[1, 2, 3].map((n) =>
    article(`settlement-${n}`, `Settlement notes, part ${n}`, [
      "Settlement is when a trade's money and assets change hands for good.",
    ]),
  ),
];

/** Two articles, each about one way to run a validator, and none about both. */
const ALONE = article("home-validators", "Running a validator at home", [
  "A home validator runs on a machine its owner keeps on their own connection. The owner keeps the whole reward and carries the whole risk of the machine going offline.",
]);
const POOLED = article("validator-pools", "Validator pools", [
  "A validator pool runs many members' deposits on machines its operator keeps. Members share the reward, less the operator's fee, and none of them has to keep a machine online.",
]);

/** A search over `articles`, read at once. */
async function searchOver(articles: IndexedArticle[]) {
  const library = {
    librarySignature: async () => "x",
    async *eachPublished() {
      yield articles;
    },
  } as unknown as Parameters<typeof createResearchSearch>[0];
  const search = createResearchSearch(library);
  await search.warm();
  return search;
}

const answer = (results: Awaited<ReturnType<Awaited<ReturnType<typeof searchOver>>>>) =>
  researchAnswer(results, results.query, "plain", {} as AnswerContext);

describe("the difference between two things", () => {
  const query = "difference between netting and gross settlement";

  it("answers from the article explaining each side in its own section, not the one sentence naming both", async () => {
    const search = await searchOver([EXPLAINER, ...NOTES]);
    // Searched as one query, the newsletter's sentence naming both leads.
    expect((await search(query)).passages[0]?.slug).toBe("desk-notes-12");
    const found = await search(query, undefined, ["netting", "gross settlement"]);
    expect(found.passages[0]?.slug).toBe("two-ways-to-settle");
    expect(found.sides).toEqual(["netting", "gross settlement"]);
    const text = answer(found);
    expect(text).toContain(
      "Netting settles only the balance left once trades cancel each other out.",
    );
    expect(text).toContain(
      "Gross settlement moves every trade in full, one at a time, as it happens.",
    );
    // What sets them apart, after what each is.
    expect(text).toMatch(
      /Gross settlement moves[^[]*\. A busy exchange needs far less cash under netting/,
    );
    expect(text).toMatch(/\[1\]/);
  });

  it("quotes each side from its own article when no article covers both", async () => {
    const search = await searchOver([ALONE, POOLED, ...NOTES]);
    const found = await search("home validator vs validator pool", undefined, [
      "home validator",
      "validator pool",
    ]);
    expect(found.passages.slice(0, 2).map((p) => p.slug)).toEqual([
      "home-validators",
      "validator-pools",
    ]);
    const text = answer(found);
    expect(text).toMatch(/A home validator runs on a machine[^[]*\[1\]/);
    expect(text).toMatch(/A validator pool runs many members' deposits[^[]*\[2\]/);
  });

  it("says the library has nothing when neither side is in it", async () => {
    const search = await searchOver([EXPLAINER, ...NOTES]);
    const found = await search("photosynthesis vs respiration", undefined, [
      "photosynthesis",
      "respiration",
    ]);
    expect(found.passages).toEqual([]);
  });
});

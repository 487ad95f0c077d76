// Max's eval as a CI floor (issue 12 "Measure", docs/product.md#max-eval): the whole question set
// against the offline model as the app wires it, over the demo content and the shared articles.
import { beforeAll, describe, expect, it } from "vitest";
import { engines } from "../../../testing/db.ts";
import { hasSharedArticles, openMaxEval, sharedArticles } from "../../../testing/max-eval.ts";
import { CATEGORIES } from "./cases.ts";
import { MAX_QUESTIONS } from "./questions.ts";
import { type EvalReport, runEval } from "./run.ts";
import type { ArticleRef } from "./transcript.ts";

/** Share of the whole set that must be answered right (issue 12 "Done when"). */
const OVERALL_FLOOR = 0.95;
/** Share of each category that must be answered right. */
const CATEGORY_FLOOR = 0.9;

if (!hasSharedArticles) console.warn(`Max's eval: ${sharedArticles} is absent; skipped`);

/** The failures of `category` (or all), one line each, as the assertion's message. */
function failureLines(report: EvalReport, category?: string): string {
  return report.failures
    .filter((f) => !category || f.category === category)
    .map((f) => `\n- [${f.category}] ${f.question} | ${f.expected} | ${f.got}`)
    .join("");
}

describe("Max's question set", () => {
  it("holds at least 200 phrasings, every category among them", () => {
    expect(MAX_QUESTIONS.length).toBeGreaterThanOrEqual(200);
    for (const category of CATEGORIES) {
      expect(MAX_QUESTIONS.filter((c) => c.category === category).length).toBeGreaterThan(0);
    }
  });
});

describe.skipIf(!hasSharedArticles).each(engines)("Max's eval on %s", (engine) => {
  let report: EvalReport;
  let articles: ArticleRef[];
  beforeAll(async () => {
    const app = await openMaxEval(engine, { chunkDelayMs: 0 });
    articles = app.target.grading.articles;
    try {
      report = (await runEval(app.target, MAX_QUESTIONS)).report;
    } finally {
      await app.close();
    }
  }, 180_000);

  it("expects only articles and series the publication has", () => {
    const slugs = new Set(articles.map((a) => a.slug));
    const research = MAX_QUESTIONS.flatMap((c) => (c.expect.kind === "research" ? [c.expect] : []));
    const missing = research.flatMap((e) =>
      "slugs" in e
        ? e.slugs.filter((s) => !slugs.has(s))
        : articles.some((a) => a.title.startsWith(e.latestOf))
          ? []
          : [e.latestOf],
    );
    expect(missing).toEqual([]);
  });

  it(`answers at least ${OVERALL_FLOOR * 100} % of the questions right`, () => {
    const { right, questions } = report.overall;
    expect(
      right / questions,
      `${right}/${questions} right${failureLines(report)}`,
    ).toBeGreaterThanOrEqual(OVERALL_FLOOR);
  });

  for (const category of CATEGORIES) {
    it(`answers at least ${CATEGORY_FLOOR * 100} % of the ${category} questions right`, () => {
      const { right, questions } = report.categories[category];
      expect(
        right / questions,
        `${category}: ${right}/${questions} right${failureLines(report, category)}`,
      ).toBeGreaterThanOrEqual(CATEGORY_FLOOR);
    });
  }
});

// The card label rule (docs/product/reader.md#article-card) as readers see it on cards: the
// article's own type when it is a label (docs/product/reader.md#article-card), else the title rule.
import { describe, expect, it } from "vitest";
import { articleLabel } from "./labels.ts";

/** The label of a News article titled `title` (the title rule decides). */
const news = (title: string, subTitle: string, publishDate: string) =>
  articleLabel({ title, subTitle, publishDate, types: ["News"] });

describe("articleLabel", () => {
  it("labels articles without newsletter words as Research", () => {
    expect(news("Restaking risk layers", "How slashing stacks up", "2024-01-01")).toBe("Research");
    expect(news("Sundial designs", "Newsworthy governance", "2024-01-01")).toBe("Research");
  });
  it("labels newsletter words before the 2022-10-29 cut-off as Newsletter", () => {
    expect(news("Weekly Newsletter #1", "", "2022-01-21")).toBe("Newsletter");
    expect(news("Notes", "What happened on Friday", "2022-10-29")).toBe("Newsletter");
  });
  it("labels newsletter words after the cut-off as Market Report", () => {
    expect(news("Daily Market Wrap", "", "2022-10-30")).toBe("Market Report");
    expect(news("Markets", "This week in flows", "2026-05-01T10:00:00.000Z")).toBe("Market Report");
  });
  it("labels by the article's own type when an editor or the importer gave one", () => {
    const optech = {
      title: "Bitcoin Optech Newsletter #400",
      subTitle: "",
      publishDate: "2026-04-10",
    };
    expect(articleLabel({ ...optech, types: ["Newsletter"] })).toBe("Newsletter");
    expect(articleLabel({ ...optech, types: ["News"] })).toBe("Market Report");
    const weekly = { title: "Weekly flows", subTitle: "", publishDate: "2026-04-10" };
    expect(articleLabel({ ...weekly, types: ["Research"] })).toBe("Research");
    expect(articleLabel({ ...weekly, types: ["News", "Market Report"] })).toBe("Market Report");
  });
});

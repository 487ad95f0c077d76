// A thumbnail names the label its card shows (docs/product/reader.md#article-card): the thumbnails
// the importer draws and the demo content's own SVGs.
import fs from "node:fs";
import path from "node:path";
import { type ArticleCard, articleLabel } from "@pragmatist/contracts";
import { describe, expect, it } from "vitest";
import { withTestApp } from "../../testing/app.ts";
import { engines } from "../../testing/db.ts";
import { isDraftError } from "./article-draft.ts";
import { parseArticleFile } from "./front-matter.ts";
import { demoDir, importFiles } from "./importer.test-fixtures.ts";
import { rasteriseSvg, renderThumbnailSvg, THUMBNAIL_SIZE } from "./thumbnails.ts";

const OPTECH_ISSUE = [
  "---",
  "title: 'Bitcoin Optech Newsletter #400'",
  "permalink: /en/newsletters/2026/04/10/",
  "---",
  "This week's newsletter summarizes a proposal about quantum resistance. Also included are our",
  "regular sections.",
  "",
  "## News",
  "",
  "- **Quantum thing:** text",
  "",
].join("\n");

describe.each(engines)("an imported Optech newsletter on %s", (engine) => {
  const ctx = withTestApp(engine);

  it("shows on its thumbnail the label its card's badge shows", async () => {
    const summary = await importFiles(ctx.app.services, {
      "2026-04-10-newsletter.md": OPTECH_ISSUE,
    });
    expect(summary.skipped).toEqual([]);
    const list = await ctx.app.inject({ url: "/api/articles/params?types=Newsletter" });
    const card = (list.json() as { data: ArticleCard[] }).data[0];
    const a = card?.attributes;
    if (!a?.thumbnailUrl) throw new Error("the newsletter has no card with a thumbnail");
    // The badge: what the card shows (docs/product/reader.md#article-card): a developers'
    // newsletter, by its own type, though its title would read "Market Report" by the title rule.
    expect(a.types).toEqual(["Newsletter"]);
    const badge = articleLabel(a);
    expect(badge).toBe("Newsletter");
    // The thumbnail the reader's browser loads is exactly our drawing with that label.
    const shown = await ctx.app.inject({ url: a.thumbnailUrl.url });
    expect(shown.statusCode).toBe(200);
    const drawn = await rasteriseSvg(
      renderThumbnailSvg({
        title: a.title,
        label: badge,
        sourceName: "Bitcoin Optech",
        seed: a.slug,
      }),
      THUMBNAIL_SIZE,
    );
    expect(shown.rawPayload.equals(drawn.bytes)).toBe(true);
  });
});

describe("the demo content's thumbnails", () => {
  it("each name, in their label line, the label of their article's card", () => {
    const folder = path.join(demoDir, "articles");
    const files = fs.readdirSync(folder).filter((f) => f.endsWith(".md"));
    expect(files.length).toBeGreaterThan(30);
    for (const f of files) {
      const file = path.join(folder, f);
      const draft = parseArticleFile(file, fs.readFileSync(file, "utf8"), demoDir);
      if (isDraftError(draft)) throw new Error(`${f}: ${draft.reason}`);
      if (draft.thumbnail.kind !== "file") throw new Error(`${f} has no thumbnail file`);
      const svg = fs.readFileSync(draft.thumbnail.paths[0] ?? "", "utf8");
      const line = /<text id="article-label"[^>]*>([^<]*)<\/text>/.exec(svg)?.[1];
      const label = articleLabel({ ...draft, types: [draft.type] });
      expect(line, f).toBe(label.toUpperCase());
    }
  });
});

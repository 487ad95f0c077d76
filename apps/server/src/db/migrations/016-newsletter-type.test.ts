// Migration 016 on a publication that imported Bitcoin Optech before: its newsletters become the
// Newsletter type (their cards say "Newsletter"), and nothing else is retyped
// (docs/product/reader.md#article-card).
import { describe, expect, it } from "vitest";
import { withTestApp } from "../../testing/app.ts";
import { engines } from "../../testing/db.ts";
import { insertArticle } from "../../testing/fixtures.ts";
import { up } from "./016-newsletter-type.ts";

describe.each(engines)("migration 016 on %s", (engine) => {
  const ctx = withTestApp(engine);

  it("retypes the imported Optech newsletters from News to Newsletter, and only them", async () => {
    const optech = await insertArticle(ctx.db, {
      slug: "bitcoin-optech-newsletter-2026-04-10",
      title: "Bitcoin Optech Newsletter #400",
      type: "News",
    });
    await insertArticle(ctx.db, { slug: "daily-wrap", title: "Daily Market Wrap", type: "News" });
    await ctx.db.kysely
      .updateTable("articles")
      .set({ source_name: "Bitcoin Optech" })
      .where("id", "=", optech)
      .execute();
    await up(ctx.db.kysely as never);
    const typeOf = async (slug: string) =>
      (await ctx.app.services.articles.findBySlug(slug))?.attributes.types;
    expect(await typeOf("bitcoin-optech-newsletter-2026-04-10")).toEqual(["Newsletter"]);
    expect(await typeOf("daily-wrap")).toEqual(["News"]);
  });
});

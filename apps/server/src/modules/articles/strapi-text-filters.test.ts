// The text filters that find their candidates through trigram indexes (docs/scale.md#where-totals)
// answer exactly what the operator itself says, for values of every length, in any case and with
// the characters LIKE and FTS5 treat specially; the indexes follow writes at once; an author's name
// is read per request, so a rename shows at once.
import { beforeAll, describe, expect, it } from "vitest";
import { withTestApp } from "../../testing/app.ts";
import { engines } from "../../testing/db.ts";
import { type Entity, NOW, seedLibrary } from "./strapi-collections.test-setup.ts";

/** The excerpts the published articles get (by slug), after `seedLibrary` wrote its own. */
const EXCERPTS: Record<string, string> = {
  "order-books": 'Bids and asks meet in the book: 100% of fills, "crossed" or not.',
  "rollup-economics": "Sequencers earn fees, pay for data_availability and keep the spread.",
  "market-wrap": "BTC rallied; ETH lagged. Funding flipped negative twice.",
  staking_basics: "Validators stake ETH, earn rewards and risk slashing.",
};

/** An article as the reference reads it: its slug and each filtered text (null: no author). */
type Row = Record<"slug" | "subTitle" | "excerpt", string> & { username: string | null };

const lower = (s: string) => s.replace(/[A-Z]/g, (c) => c.toLowerCase()); // SQLite folds ASCII only
/** What each operator means (docs/product/api.md#api-strapi-query). */
const OPERATORS: Record<string, (text: string, v: string) => boolean> = {
  $contains: (t, v) => t.includes(v),
  $containsi: (t, v) => lower(t).includes(lower(v)),
  $startsWith: (t, v) => t.startsWith(v),
  $startsWithi: (t, v) => lower(t).startsWith(lower(v)),
  $endsWith: (t, v) => t.endsWith(v),
  $endsWithi: (t, v) => lower(t).endsWith(lower(v)),
  $eqi: (t, v) => lower(t) === lower(v),
};

/** Values to filter `text` by: parts of 1 to 8 characters and the whole, as written and upper case. */
function valuesOf(text: string): string[] {
  const parts = [1, 2, 3, 4, 8].flatMap((n) => [
    text.slice(0, n),
    text.slice(-n),
    text.slice(3, 3 + n),
  ]);
  return [...new Set([...parts, text].flatMap((v) => [v, v.toUpperCase()]))];
}

describe.each(engines)("Strapi text filters through trigram indexes on %s", (engine) => {
  const ctx = withTestApp(engine, { clock: { now: () => NOW } });
  let maya = 0;
  let rows: Row[] = [];
  beforeAll(async () => {
    maya = (await seedLibrary(ctx.db)).maya;
    for (const [slug, excerpt] of Object.entries(EXCERPTS)) {
      await ctx.db.kysely
        .updateTable("articles")
        .set({ excerpt })
        .where("slug", "=", slug)
        .execute();
    }
    rows = await ctx.db.kysely
      .selectFrom("articles as a")
      .leftJoin("users as u", "u.id", "a.author_id")
      .select(["a.slug", "a.sub_title as subTitle", "a.excerpt", "u.username"])
      .where("a.status", "=", "published")
      .where("a.publish_date", "<=", NOW.toISOString())
      .execute();
    expect(rows.map((r) => r.excerpt).sort()).toEqual(Object.values(EXCERPTS).sort());
  });

  const slugs = async (query: string) => {
    const res = await ctx.app.inject({ url: `/api/articles?fields[0]=slug&${query}` });
    expect(res.statusCode, query).toBe(200);
    const body = res.json() as { data: Entity[]; meta: { pagination: { total: number } } };
    expect(body.meta.pagination.total, query).toBe(body.data.length);
    return body.data.map((a) => a.attributes.slug as string).sort();
  };
  /** The slugs whose `text` satisfies `test`, and those that do not (null: no such text). */
  const expected = (text: (r: Row) => string | null, test: (t: string) => boolean) => {
    const hit = rows.filter((r) => text(r) !== null && test(text(r)!)).map((r) => r.slug);
    return {
      hit: hit.sort(),
      miss: rows
        .map((r) => r.slug)
        .filter((s) => !hit.includes(s))
        .sort(),
    };
  };

  it.each(["subTitle", "slug", "excerpt"] as const)(
    "filters[%s] answers what each operator means, for any value",
    async (field) => {
      const values = [...new Set(rows.flatMap((r) => valuesOf(r[field])))];
      for (const [op, test] of Object.entries(OPERATORS)) {
        for (const v of values) {
          const want = expected(
            (r) => r[field],
            (t) => test(t, v),
          );
          expect(
            await slugs(`filters[${field}][${op}]=${encodeURIComponent(v)}`),
            `${op} ${v}`,
          ).toEqual(want.hit);
        }
      }
    },
  );

  it("filters through the author's name, with or without $not (an article without author is no match)", async () => {
    const names = ["Maya Okafor", "Leo Brandt"];
    for (const [op, test] of Object.entries(OPERATORS)) {
      for (const v of [...new Set(names.flatMap(valuesOf))]) {
        const want = expected(
          (r) => r.username,
          (t) => test(t, v),
        );
        const q = `[author][username][${op}]=${encodeURIComponent(v)}`;
        expect(await slugs(`filters${q}`), q).toEqual(want.hit);
        expect(await slugs(`filters[$not]${q}`), `$not ${q}`).toEqual(want.miss);
      }
    }
  });

  it("finds an article by the text it has now, not the text it had", async () => {
    await ctx.db.kysely
      .updateTable("articles")
      .set({ sub_title: "Depth charts, rewritten", slug: "order-books-2" })
      .where("slug", "=", "order-books")
      .execute();
    expect(await slugs("filters[subTitle][$containsi]=CHARTS, rew")).toEqual(["order-books-2"]);
    expect(await slugs("filters[slug][$containsi]=books-2")).toEqual(["order-books-2"]);
    expect(await slugs("filters[subTitle][$containsi]=fills happen")).toEqual([]);
    expect(await slugs("filters[excerpt][$containsi]=excerpt of")).toEqual([]);
  });

  it("matches a renamed author by the new name at once, and no longer by the old", async () => {
    const byName = async (name: string) => {
      const res = await ctx.app.inject({
        url: `/api/articles/params?author=${encodeURIComponent(name)}`,
      });
      const body = res.json() as { data: Entity[]; meta: { pagination: { total: number } } };
      return {
        slugs: body.data.map((a) => a.attributes.slug).sort(),
        total: body.meta.pagination.total,
      };
    };
    const mine = { slugs: ["market-wrap", "order-books-2"], total: 2 };
    const none = { slugs: [], total: 0 };
    expect(await byName("Maya Okafor")).toEqual(mine);
    expect(await byName("maya adebayo")).toEqual(none);
    await ctx.db.kysely
      .updateTable("users")
      .set({ username: "Maya Adebayo", username_key: "mayaadebayo" })
      .where("id", "=", maya)
      .execute();
    expect(await byName("maya adebayo")).toEqual(mine);
    expect(await byName("maya-adebayo")).toEqual(mine); // her author page's slug
    expect(await byName("Maya Okafor")).toEqual(none);
    expect(await slugs("filters[author][username][$containsi]=adebayo")).toEqual(mine.slugs);
    expect(await slugs("filters[author][username][$containsi]=okafor")).toEqual([]);
  });
});

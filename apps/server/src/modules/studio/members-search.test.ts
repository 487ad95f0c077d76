// The studio's member search (docs/product/studio.md#studio) through its trigram index (migration
// 029, docs/scale.md#library-memo): it follows every write of a username or email, on SQLite and
// PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { MemberList, StudioMember } from "@pragmatist/contracts";
import { engines } from "../../testing/db.ts";
import { insertUser, type TestMember } from "../../testing/fixtures.ts";
import { get, type StudioContext, studioContext } from "../../testing/studio.ts";
import { SHORT_SEARCH_NEWEST } from "./members.repository.ts";

describe.each(engines)("studio member search on %s", (engine) => {
  let ctx: StudioContext;
  let admin: TestMember;
  beforeAll(async () => {
    ctx = await studioContext(engine);
    admin = await ctx.person("admin", "Ada Admin");
  });
  afterAll(() => ctx.close());

  it("finds a member by part of a changed username or email, never by the old one nor once deleted", async () => {
    const find = async (q: string) => {
      const res = await get(ctx, admin, `/api/studio/members?q=${encodeURIComponent(q)}`);
      expect(res.statusCode, res.body).toBe(200);
      return (res.json().data as StudioMember[]).map((m) => m.id);
    };
    const quill = await insertUser(ctx.db, { username: "Quentin Quill", email: "qq@quill.test" });
    expect(await find("n quil")).toEqual([quill]);
    // Renamed by whichever writer (the account page, an import): the search follows the row.
    await ctx.db.kysely
      .updateTable("users")
      .set({ username: "Quentin Ink", email: "quentin@inkwell.test" })
      .where("id", "=", quill)
      .execute();
    expect(await find("quill")).toEqual([]);
    expect(await find("NTIN IN")).toEqual([quill]);
    expect(await find("@inkwell.t")).toEqual([quill]);
    expect(await find("in")).toContain(quill);
    await ctx.db.kysely.deleteFrom("users").where("id", "=", quill).execute();
    expect(await find("quentin")).toEqual([]);
  });

  it("looks through the newest members only for a search of 1 or 2 characters, and says so", async () => {
    const search = async (q: string) => {
      const res = await get(ctx, admin, `/api/studio/members?q=${encodeURIComponent(q)}`);
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json() as MemberList;
      return {
        ids: body.data.map((m) => m.id),
        total: body.meta.pagination.total,
        searchedNewest: body.meta.searchedNewest,
      };
    };
    const old = await insertUser(ctx.db, { username: "Xq Oldest", email: "xq@old.test" });
    expect(await search("xq")).toEqual({ ids: [old], total: 1, searchedNewest: undefined });
    // SHORT_SEARCH_NEWEST newer members: the oldest is now beyond the newest a short search reads.
    const later = new Date(Date.now() + 60_000).toISOString();
    for (let i = 0; i < SHORT_SEARCH_NEWEST; i += 500) {
      const rows = Array.from({ length: 500 }, (_, k) => ({
        username: `Newer ${i + k}`,
        email: `newer${i + k}@example.test`,
        password_hash: "not-a-real-hash",
        created_at: later,
        updated_at: later,
      }));
      await ctx.db.kysely.insertInto("users").values(rows).execute();
    }
    expect(await search("xq")).toEqual({ ids: [], total: 0, searchedNewest: SHORT_SEARCH_NEWEST });
    expect(await search("xq o")).toEqual({ ids: [old], total: 1, searchedNewest: undefined });
    const newer = await search("r4");
    expect(newer.total).toBe(1_111); // "Newer 4", "Newer 4xx" and "Newer 4xxx" among the 5,000
    expect(newer.searchedNewest).toBe(SHORT_SEARCH_NEWEST);
  }, 60_000);
});

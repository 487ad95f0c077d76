// The studio's member search (docs/product/studio.md#studio) through its trigram index (migration
// 029, docs/scale.md#library-memo): it follows every write of a username or email, on SQLite and
// PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { StudioMember } from "@pragmatist/contracts";
import { engines } from "../../testing/db.ts";
import { insertUser, type TestMember } from "../../testing/fixtures.ts";
import { get, type StudioContext, studioContext } from "../../testing/studio.ts";

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
});

// Migration 032's triggers (docs/scale.md#library-memo): the library's version rises with every
// write a reader could see in the published library, and not with drafts, clicks or comments,
// whoever writes them, on SQLite and PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { engines, freshDb } from "../../testing/db.ts";
import { insertArticle } from "../../testing/fixtures.ts";
import type { Db } from "../client.ts";

describe.each(engines)("the library's version on %s", (engine) => {
  let db: Db;
  beforeAll(async () => {
    db = await freshDb(engine);
  });
  afterAll(async () => db.close());

  const version = async () =>
    (await db.kysely.selectFrom("library_version").select("version").executeTakeFirstOrThrow())
      .version;
  /** Runs `write` and says whether the version rose. */
  async function rises(write: () => Promise<unknown>): Promise<boolean> {
    const before = await version();
    await write();
    return (await version()) > before;
  }
  const update = (id: number, set: Record<string, unknown>) =>
    db.kysely.updateTable("articles").set(set).where("id", "=", id).execute();

  it("rises with a publish, an edit, an unpublish and a removal of a published article", async () => {
    let id = 0;
    expect(
      await rises(async () => {
        id = await insertArticle(db, { slug: "published" });
      }),
    ).toBe(true);
    expect(await rises(() => update(id, { updated_at: new Date().toISOString() }))).toBe(true);
    expect(await rises(() => update(id, { publish_date: "2025-01-01T00:00:00.000Z" }))).toBe(true);
    expect(await rises(() => update(id, { status: "draft" }))).toBe(true);
    expect(await rises(() => update(id, { status: "published" }))).toBe(true);
    expect(await rises(() => db.kysely.deleteFrom("articles").where("id", "=", id).execute())).toBe(
      true,
    );
  });

  it("stays with a draft's writes, clicks and comment counts", async () => {
    let draft = 0;
    expect(
      await rises(async () => {
        draft = await insertArticle(db, { slug: "draft", status: "draft" });
      }),
    ).toBe(false);
    expect(await rises(() => update(draft, { updated_at: new Date().toISOString() }))).toBe(false);
    expect(
      await rises(() => db.kysely.deleteFrom("articles").where("id", "=", draft).execute()),
    ).toBe(false);
    const live = await insertArticle(db, { slug: "live" });
    expect(await rises(() => update(live, { clicks: 5, comment_count: 3 }))).toBe(false);
  });
});

// Migration 030 on a publication with discussions (docs/product/reader.md#comment-thread): each
// article's kept comment count starts as the readers' count, hidden branches and deleted comments
// left out, a deleted comment's replies counted.
import { afterEach, describe, expect, it } from "vitest";
import { databaseBefore, engines } from "../../testing/db.ts";
import { insertArticle, insertUser } from "../../testing/fixtures.ts";
import { insertComment } from "../../testing/studio.ts";
import type { Db } from "../client.ts";
import { up } from "./030-article-comment-count.ts";

const AT = "2026-02-01T10:00:00.000Z";

/** A comment row under `parentId` (top level when null), hidden or deleted when asked. */
async function comment(
  db: Db,
  articleId: number,
  authorId: number,
  parentId: number | null,
  state: "readable" | "hidden" | "deleted" = "readable",
): Promise<number> {
  const id = await insertComment(db, { articleId, authorId, at: AT });
  await db.kysely
    .updateTable("comments")
    .set({
      parent_id: parentId,
      ...(state === "hidden" && { hidden_at: AT }),
      ...(state === "deleted" && { deleted_at: AT, content: "" }),
    })
    .where("id", "=", id)
    .execute();
  return id;
}

describe.each(engines)("migration 030 on %s", (engine) => {
  let drop: (() => Promise<void>) | undefined;
  afterEach(async () => drop?.());

  it("starts each article's comment count at what readers can read", async () => {
    const before = await databaseBefore(engine, "030");
    const { db } = before;
    drop = before.drop;
    const author = await insertUser(db);
    const talked = await insertArticle(db, { slug: "talked-about" });
    const quiet = await insertArticle(db, { slug: "quiet" });
    // Counted: a top-level comment, a deleted comment's reply, a reply two levels down.
    const first = await comment(db, talked, author, null);
    const gone = await comment(db, talked, author, null, "deleted");
    await comment(db, talked, author, gone);
    const answer = await comment(db, talked, author, first);
    await comment(db, talked, author, answer);
    // Not counted: a hidden comment and its whole branch.
    const hidden = await comment(db, talked, author, first, "hidden");
    await comment(db, talked, author, hidden);
    await up(db.kysely as never);
    const rows = await db.kysely
      .selectFrom("articles")
      .select(["id", "comment_count"])
      .orderBy("id")
      .execute();
    expect(rows).toEqual([
      { id: talked, comment_count: 4 },
      { id: quiet, comment_count: 0 },
    ]);
  });
});

// Migration 020 on a publication with reports (docs/product/studio.md#studio-moderation): reports
// of comments already hidden or deleted are closed with that outcome at that time, the others stay
// open for the queue.
import { afterEach, describe, expect, it } from "vitest";
import { databaseBefore, engines } from "../../testing/db.ts";
import { insertArticle, insertUser } from "../../testing/fixtures.ts";
import { insertComment, insertReport } from "../../testing/studio.ts";
import type { Db } from "../client.ts";
import { up } from "./020-report-outcomes.ts";

const AT = "2026-02-01T10:00:00.000Z";

/** A comment on article `articleId` (hidden or deleted at `AT` when asked), reported once. */
async function reportedComment(
  db: Db,
  ids: { articleId: number; author: number; reporter: number },
  state: "readable" | "hidden" | "deleted",
): Promise<number> {
  const id = await insertComment(db, { articleId: ids.articleId, authorId: ids.author, at: AT });
  if (state !== "readable") {
    const column = state === "hidden" ? "hidden_at" : "deleted_at";
    await db.kysely
      .updateTable("comments")
      .set({ [column]: AT })
      .where("id", "=", id)
      .execute();
  }
  await insertReport(db, { commentId: id, userId: ids.reporter, reason: "spam", at: AT });
  return id;
}

describe.each(engines)("migration 020 on %s", (engine) => {
  let drop: (() => Promise<void>) | undefined;
  afterEach(async () => drop?.());

  it("closes the reports of hidden and deleted comments with that outcome, leaving the rest open", async () => {
    const before = await databaseBefore(engine, "020");
    const { db } = before;
    drop = before.drop;
    const author = await insertUser(db, { email: "author@example.test" });
    const reporter = await insertUser(db, { email: "reporter@example.test" });
    const articleId = await insertArticle(db, { slug: "talked-about" });
    const ids = { articleId, author, reporter };
    const readable = await reportedComment(db, ids, "readable");
    const hidden = await reportedComment(db, ids, "hidden");
    const deleted = await reportedComment(db, ids, "deleted");
    await up(db.kysely as never, engine);
    const rows = await db.kysely
      .selectFrom("comment_reports")
      .select(["comment_id", "outcome", "resolved_by", "resolved_at"])
      .orderBy("comment_id")
      .execute();
    expect(rows).toEqual([
      { comment_id: readable, outcome: null, resolved_by: null, resolved_at: null },
      { comment_id: hidden, outcome: "hidden", resolved_by: null, resolved_at: AT },
      { comment_id: deleted, outcome: "deleted", resolved_by: null, resolved_at: AT },
    ]);
  });
});

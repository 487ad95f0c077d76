// The article's kept comment count (docs/product/reader.md#comment-thread, migration 030): after
// any sequence of posts, replies, deletes, hides and unhides it is what a recount of the whole
// thread says, on SQLite and PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../../db/client.ts";
import { engines, freshDb } from "../../testing/db.ts";
import { insertArticle, insertUser } from "../../testing/fixtures.ts";
import { countVisible, recountComments } from "./comment-count.repository.ts";
import { insert, setHidden, softDelete } from "./comments.repository.ts";

/** A seeded generator of numbers in [0, 1) (mulberry32), so a failure can be replayed. */
function seeded(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe.each(engines)("the kept comment count on %s", (engine) => {
  let db: Db;
  beforeAll(async () => {
    db = await freshDb(engine);
  });
  afterAll(async () => {
    await db.close();
  });

  /** The article's kept count, then the count a recount of its whole thread writes. */
  async function keptAndRecounted(articleId: number): Promise<[number, number]> {
    const kept = await countVisible(db.kysely, articleId);
    await recountComments(db.kysely, [articleId]);
    return [kept, await countVisible(db.kysely, articleId)];
  }

  it("equals a full recount after every write of a random sequence, and leaves other articles alone", async () => {
    const rand = seeded(engine === "sqlite" ? 7 : 11);
    const author = await insertUser(db);
    const editor = await insertUser(db);
    const articleId = await insertArticle(db, { slug: `counted-${engine}` });
    const otherId = await insertArticle(db, { slug: `other-${engine}` });
    await insert(db.kysely, {
      articleId: otherId,
      parentId: null,
      authorId: author,
      content: "x",
      now: new Date().toISOString(),
    });
    const ids: number[] = [];
    const pick = () => ids[Math.floor(rand() * ids.length)] as number;
    const seen = new Set<string>();
    for (let step = 0; step < 300; step++) {
      const now = new Date().toISOString();
      const roll = rand();
      let op: string;
      if (ids.length < 3 || roll < 0.45) {
        const parentId = ids.length === 0 || rand() < 0.25 ? null : pick();
        op = parentId === null ? "post" : "reply";
        ids.push(
          await insert(db.kysely, {
            articleId,
            parentId,
            authorId: author,
            content: `c${step}`,
            now,
          }),
        );
      } else if (roll < 0.6) {
        op = "delete";
        await softDelete(db.kysely, pick(), now);
      } else if (roll < 0.8) {
        op = "hide";
        await setHidden(db.kysely, pick(), { by: editor, now });
      } else {
        op = "unhide";
        await setHidden(db.kysely, pick(), null);
      }
      seen.add(op);
      const [kept, recounted] = await keptAndRecounted(articleId);
      expect(kept, `after step ${step} (${op})`).toBe(recounted);
    }
    expect([...seen].sort()).toEqual(["delete", "hide", "post", "reply", "unhide"]);
    expect(await keptAndRecounted(otherId)).toEqual([1, 1]);
  });

  it("takes a hidden comment's whole visible branch, counts a deleted comment's replies, and ignores a second hide", async () => {
    const author = await insertUser(db);
    const editor = await insertUser(db);
    const articleId = await insertArticle(db, { slug: `branch-${engine}` });
    const now = new Date().toISOString();
    const add = (parentId: number | null) =>
      insert(db.kysely, { articleId, parentId, authorId: author, content: "c", now });
    const top = await add(null);
    const a = await add(top);
    const b = await add(a);
    await add(b);
    await add(null);
    expect(await countVisible(db.kysely, articleId)).toBe(5);
    await softDelete(db.kysely, a, now);
    expect(await countVisible(db.kysely, articleId)).toBe(4);
    await setHidden(db.kysely, top, { by: editor, now });
    expect(await countVisible(db.kysely, articleId)).toBe(1);
    await setHidden(db.kysely, top, { by: editor, now });
    await setHidden(db.kysely, b, { by: editor, now });
    expect(await countVisible(db.kysely, articleId)).toBe(1);
    await add(b);
    expect(await countVisible(db.kysely, articleId)).toBe(1);
    await setHidden(db.kysely, top, null);
    expect(await countVisible(db.kysely, articleId)).toBe(2);
    await setHidden(db.kysely, b, null);
    expect(await countVisible(db.kysely, articleId)).toBe(5);
    expect(await keptAndRecounted(articleId)).toEqual([5, 5]);
  });

  type Write = "hide the parent" | "reply" | "hide the reply" | "delete the reply";
  it.each([
    ["hide the parent", "reply"],
    ["reply", "hide the parent"],
    ["hide the parent", "hide the reply"],
    ["hide the reply", "hide the parent"],
    ["hide the parent", "delete the reply"],
    ["delete the reply", "hide the parent"],
  ] as [Write, Write][])(
    "keeps the count right when one transaction will %s while another will %s",
    async (firstWrite, secondWrite) => {
      const author = await insertUser(db);
      const editor = await insertUser(db);
      const articleId = await insertArticle(db, {
        slug: `race-${firstWrite}-${secondWrite}-${engine}`.replaceAll(" ", "-"),
      });
      const now = new Date().toISOString();
      const add = (q: typeof db.kysely, parentId: number | null) =>
        insert(q, { articleId, parentId, authorId: author, content: "c", now });
      const parent = await add(db.kysely, null);
      const reply = await add(db.kysely, parent);
      const writes: Record<Write, (trx: typeof db.kysely) => Promise<unknown>> = {
        "hide the parent": (trx) => setHidden(trx, parent, { by: editor, now }),
        reply: (trx) => add(trx, parent),
        "hide the reply": (trx) => setHidden(trx, reply, { by: editor, now }),
        "delete the reply": (trx) => softDelete(trx, reply, now),
      };
      const run = (write: Write, hold: number) =>
        db.kysely.transaction().execute(async (trx) => {
          await writes[write](trx);
          await new Promise((r) => setTimeout(r, hold));
        });
      // The first holds its transaction open while the second writes under the same article.
      const held = run(firstWrite, 300);
      await new Promise((r) => setTimeout(r, 50));
      await Promise.all([held, run(secondWrite, 0)]);
      expect(await keptAndRecounted(articleId)).toEqual([0, 0]);
    },
  );
});

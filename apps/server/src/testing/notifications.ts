// Test helpers for notification emails: many members, each told of replies to their comment, in a
// few statements per member, the notifications written by the real rule (notifications.service.ts).
import type { Db } from "../db/client.ts";
import { createNotificationsService } from "../modules/notifications/notifications.service.ts";
import { insert } from "../modules/comments/comments.repository.ts";
import { insertArticle } from "./fixtures.ts";

/** Rows per INSERT when adding members (well under both engines' parameter limits). */
const CHUNK = 200;

/** Inserts live members `{prefix}{i}@example.test` (verified addresses); returns their ids in order. */
async function addMembers(db: Db, prefix: string, count: number): Promise<number[]> {
  const at = new Date().toISOString();
  const ids: number[] = [];
  for (let i = 0; i < count; i += CHUNK) {
    const rows = await db.kysely
      .insertInto("users")
      .values(
        Array.from({ length: Math.min(CHUNK, count - i) }, (_, j) => ({
          username: `${prefix} ${i + j}`,
          email: `${prefix}${i + j}@example.test`,
          email_verified_at: at,
          password_hash: null,
          created_at: at,
          updated_at: at,
        })),
      )
      .returning("id")
      .execute();
    ids.push(...rows.map((r) => r.id).sort((a, b) => a - b));
  }
  return ids;
}

/**
 * Adds `count` members `{prefix}{i}@example.test` (verified addresses, default email choices:
 * replies "at once"), each with a comment under a new article `{prefix}-thread`, and `replies`
 * other members who each answer every one of those comments: each member then has `replies`
 * unmailed "reply" notifications, written in one transaction as posting them would.
 * @returns the members' ids and addresses, in order.
 */
export async function addRepliedMembers(
  db: Db,
  count: number,
  prefix: string,
  replies = 2,
): Promise<{ ids: number[]; emails: string[] }> {
  const ids = await addMembers(db, prefix, count);
  const repliers = await addMembers(db, `${prefix}-replier`, replies);
  const articleId = await insertArticle(db, { slug: `${prefix}-thread` });
  const { notices } = createNotificationsService(db);
  const at = new Date().toISOString();
  await db.kysely.transaction().execute(async (trx) => {
    const comment = (authorId: number, parentId: number | null, content: string) =>
      insert(trx, { articleId, parentId, authorId, content, now: at });
    for (const memberId of ids) {
      const parentId = await comment(memberId, null, "A question");
      for (const replierId of repliers) {
        const content = "An answer";
        const id = await comment(replierId, parentId, content);
        const posted = { id, articleId, parentId, authorId: replierId, content, at };
        await notices.posted(trx, { ...posted, mentioned: [] });
      }
    }
  });
  return { ids, emails: ids.map((_, i) => `${prefix}${i}@example.test`) };
}

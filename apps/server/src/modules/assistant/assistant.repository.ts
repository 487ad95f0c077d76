// Kysely queries for Max's threads and messages: find or open a thread, append, list, delete.
import type { Kysely, Selectable } from "kysely";
import type { AssistantMessagesTable, Database } from "../../db/schema.ts";

type Q = Kysely<Database>;

/** A stored message of a thread, as the assistant_messages table returns it. */
export type MessageRow = Selectable<AssistantMessagesTable>;

/** Whose thread: a member's (by user id) or an anonymous visitor's (by the cookie's visitor id). */
export type ThreadOwner = { userId: number } | { visitorId: string };

/** The owner's thread id, or null when they have none yet. */
export async function findThreadId(db: Q, owner: ThreadOwner): Promise<number | null> {
  const row = await db
    .selectFrom("assistant_threads")
    .select("id")
    .where((eb) =>
      "userId" in owner ? eb("user_id", "=", owner.userId) : eb("visitor_id", "=", owner.visitorId),
    )
    .executeTakeFirst();
  return row?.id ?? null;
}

/**
 * The owner's thread id, opening the thread on first use. Two first messages racing each other
 * end in the same thread: the insert ignores the unique-owner conflict and the select reads back.
 */
export async function openThread(db: Q, owner: ThreadOwner, now: string): Promise<number> {
  const existing = await findThreadId(db, owner);
  if (existing !== null) return existing;
  await db
    .insertInto("assistant_threads")
    .values({
      user_id: "userId" in owner ? owner.userId : null,
      visitor_id: "visitorId" in owner ? owner.visitorId : null,
      created_at: now,
    })
    .onConflict((oc) => oc.doNothing())
    .execute();
  const id = await findThreadId(db, owner);
  if (id === null) throw new Error("assistant thread vanished right after it was opened");
  return id;
}

/** Appends messages to a thread in one transaction; resolves to their ids in order. */
export async function insertMessages(
  db: Q,
  threadId: number,
  userId: number | null,
  messages: Array<{ isUser: boolean; content: string; parts: unknown[] | null; createdAt: string }>,
): Promise<number[]> {
  return db.transaction().execute(async (trx) => {
    const ids: number[] = [];
    for (const m of messages) {
      const row = await trx
        .insertInto("assistant_messages")
        .values({
          thread_id: threadId,
          user_id: userId,
          is_user: m.isUser ? 1 : 0,
          content: m.content,
          parts: m.parts ? JSON.stringify(m.parts) : null,
          created_at: m.createdAt,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      ids.push(row.id);
    }
    return ids;
  });
}

/** The last `limit` messages of a thread, oldest first. */
export async function listThreadMessages(
  db: Q,
  threadId: number,
  limit: number,
): Promise<MessageRow[]> {
  const rows = await db
    .selectFrom("assistant_messages")
    .selectAll()
    .where("thread_id", "=", threadId)
    .orderBy("id", "desc")
    .limit(limit)
    .execute();
  return rows.reverse();
}

/**
 * A member's messages, oldest first, one page (the old client's `/api/assistant-messages` list,
 * docs/product/api.md#api-assistant).
 */
export async function listMemberMessages(
  db: Q,
  userId: number,
  page: { offset: number; limit: number },
): Promise<{ rows: MessageRow[]; total: number }> {
  const [rows, count] = await Promise.all([
    db
      .selectFrom("assistant_messages")
      .selectAll()
      .where("user_id", "=", userId)
      .orderBy("id")
      .offset(page.offset)
      .limit(page.limit)
      .execute(),
    db
      .selectFrom("assistant_messages")
      .select((eb) => eb.fn.countAll<number | string>().as("n"))
      .where("user_id", "=", userId)
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

/** Deletes one of the member's messages; false when no such message is theirs. */
export async function deleteMemberMessage(db: Q, userId: number, id: number): Promise<boolean> {
  const result = await db
    .deleteFrom("assistant_messages")
    .where("id", "=", id)
    .where("user_id", "=", userId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Deletes the owner's thread and, by cascade, its messages. */
export async function deleteThread(db: Q, owner: ThreadOwner): Promise<void> {
  await db
    .deleteFrom("assistant_threads")
    .where((eb) =>
      "userId" in owner ? eb("user_id", "=", owner.userId) : eb("visitor_id", "=", owner.visitorId),
    )
    .execute();
}

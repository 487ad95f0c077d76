// Kysely queries for newsletter subscribers; each takes the db (or a transaction) first.
import { type Kysely, sql } from "kysely";
import { containsText } from "../../db/patterns.ts";
import type { Database } from "../../db/schema.ts";

type Q = Kysely<Database>;

/**
 * Creates the subscriber as pending, or makes a pending/unsubscribed one pending again with new
 * token hashes, in one statement (safe under concurrent submissions). Returns the row id, or null
 * when the address is already confirmed (nothing changes then).
 */
export async function upsertPending(
  db: Q,
  input: { email: string; confirmTokenHash: string; unsubscribeTokenHash: string; now: string },
): Promise<number | null> {
  const row = await db
    .insertInto("newsletter_subscribers")
    .values({
      email: input.email,
      status: "pending",
      confirm_token_hash: input.confirmTokenHash,
      unsubscribe_token_hash: input.unsubscribeTokenHash,
      created_at: input.now,
    })
    .onConflict((oc) =>
      oc
        .column("email")
        .doUpdateSet({
          status: "pending",
          confirm_token_hash: input.confirmTokenHash,
          unsubscribe_token_hash: input.unsubscribeTokenHash,
        })
        .where("newsletter_subscribers.status", "!=", "confirmed"),
    )
    .returning("id")
    .executeTakeFirst();
  return row?.id ?? null;
}

/** Confirms the pending subscriber with this confirmation token hash; true when one was found. */
export async function confirmByTokenHash(db: Q, hash: string, now: string): Promise<boolean> {
  const row = await db
    .updateTable("newsletter_subscribers")
    .set({
      status: "confirmed",
      confirmed_at: now,
      confirm_token_hash: null,
      unsubscribed_at: null,
    })
    .where("confirm_token_hash", "=", hash)
    .where("status", "=", "pending")
    .returning("id")
    .executeTakeFirst();
  return row !== undefined;
}

/** Unsubscribes the subscriber with this unsubscribe token hash; true when one was found. */
export async function unsubscribeByTokenHash(db: Q, hash: string, now: string): Promise<boolean> {
  const row = await db
    .updateTable("newsletter_subscribers")
    .set({ status: "unsubscribed", unsubscribed_at: now, confirm_token_hash: null })
    .where("unsubscribe_token_hash", "=", hash)
    .returning("id")
    .executeTakeFirst();
  return row !== undefined;
}

/** Unsubscribes subscriber `id` (an issue's own unsubscribe link); a no-op when already out. */
export async function unsubscribeById(db: Q, id: number, now: string): Promise<void> {
  await db
    .updateTable("newsletter_subscribers")
    .set({ status: "unsubscribed", unsubscribed_at: now, confirm_token_hash: null })
    .where("id", "=", id)
    .where("status", "!=", "unsubscribed")
    .execute();
}

/**
 * Undoes the unsubscribe of a subscriber who had confirmed, found by `where` (its unsubscribe
 * token hash or its id), when it happened at `since` or later: confirmed again. True when one was.
 */
export async function resubscribe(
  db: Q,
  where: { tokenHash: string } | { id: number },
  since: string,
): Promise<boolean> {
  const row = await db
    .updateTable("newsletter_subscribers")
    .set({ status: "confirmed", unsubscribed_at: null })
    .where((eb) =>
      "id" in where ? eb("id", "=", where.id) : eb("unsubscribe_token_hash", "=", where.tokenHash),
    )
    .where("status", "=", "unsubscribed")
    .where("confirmed_at", "is not", null)
    .where("unsubscribed_at", ">=", since)
    .returning("id")
    .executeTakeFirst();
  return row !== undefined;
}

/** Whether member `userId` gets the newsletter by their account (`users.newsletter_opt_in`). */
export async function findMemberOptIn(db: Q, userId: number): Promise<boolean> {
  const row = await db
    .selectFrom("users")
    .select("newsletter_opt_in")
    .where("id", "=", userId)
    .executeTakeFirst();
  return row?.newsletter_opt_in === 1;
}

/** Sets member `userId`'s newsletter opt-in. */
export async function setMemberOptIn(db: Q, userId: number, optIn: boolean): Promise<void> {
  await db
    .updateTable("users")
    .set({ newsletter_opt_in: optIn ? 1 : 0 })
    .where("id", "=", userId)
    .execute();
}

/** Confirmed subscribers, oldest first, for the CSV export. */
export function listConfirmed(db: Q) {
  return db
    .selectFrom("newsletter_subscribers")
    .select(["email", "status", "created_at", "confirmed_at"])
    .where("status", "=", "confirmed")
    .orderBy("id")
    .execute();
}

/** A newsletter subscriber as editors see them (dates ISO 8601). */
export interface SubscriberRow {
  id: number;
  email: string;
  status: "pending" | "confirmed" | "unsubscribed";
  created_at: string;
  confirmed_at: string | null;
}

/** A page of newsletter subscribers, newest first, by part of the email and status. */
export async function listSubscribers(
  db: Q,
  filter: { q?: string | undefined; status?: SubscriberRow["status"] | undefined },
  page: { limit: number; offset: number },
): Promise<{ rows: SubscriberRow[]; total: number }> {
  let qb = db.selectFrom("newsletter_subscribers");
  if (filter.q) {
    qb = qb.where(containsText(sql.ref("email"), filter.q));
  }
  if (filter.status) qb = qb.where("status", "=", filter.status);
  const [count, rows] = await Promise.all([
    qb.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow(),
    qb
      .select(["id", "email", "status", "created_at", "confirmed_at"])
      .orderBy("id", "desc")
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
  ]);
  return { rows, total: Number(count.n) };
}

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

/** Live member `userId`'s account email (lower case) and when it was verified; null when none. */
export async function findMemberEmail(
  db: Q,
  userId: number,
): Promise<{ email: string; verifiedAt: string | null } | null> {
  const row = await db
    .selectFrom("users")
    .select(["email", "email_verified_at"])
    .where("id", "=", userId)
    .where("deleted_at", "is", null)
    .executeTakeFirst();
  if (!row?.email) return null;
  return { email: row.email.toLowerCase(), verifiedAt: row.email_verified_at };
}

/**
 * Whether live member `userId`'s account email (any case) is confirmed on the one list and not
 * suppressed: the newsletter goes to them. One query.
 */
export async function memberReceives(db: Q, userId: number): Promise<boolean> {
  const row = await db
    .selectFrom("users as u")
    .innerJoin("newsletter_subscribers as s", (join) =>
      join.on((eb) => eb("s.email", "=", eb.fn<string>("lower", ["u.email"]))),
    )
    .leftJoin("newsletter_suppressions as x", "x.email", "s.email")
    .select("x.email as suppressed")
    .where("u.id", "=", userId)
    .where("u.deleted_at", "is", null)
    .where("s.status", "=", "confirmed")
    .executeTakeFirst();
  return row !== undefined && row.suppressed === null;
}

/** The row of the one list for `email` (lower case) and whether the address is suppressed. */
export async function findSubscription(
  db: Q,
  email: string,
): Promise<{ status: SubscriberRow["status"] | null; suppressed: boolean }> {
  const [row, suppression] = await Promise.all([
    db
      .selectFrom("newsletter_subscribers")
      .select("status")
      .where("email", "=", email)
      .executeTakeFirst(),
    db
      .selectFrom("newsletter_suppressions")
      .select("email")
      .where("email", "=", email)
      .executeTakeFirst(),
  ]);
  return { status: row?.status ?? null, suppressed: suppression !== undefined };
}

/**
 * Puts `email` on the list as confirmed at once (a member whose account email is verified): a new
 * row, or its pending or unsubscribed row confirmed (keeping its unsubscribe token). A confirmed
 * row is left alone.
 */
export async function upsertConfirmed(
  db: Q,
  input: { email: string; unsubscribeTokenHash: string; now: string },
): Promise<void> {
  await db
    .insertInto("newsletter_subscribers")
    .values({
      email: input.email,
      status: "confirmed",
      unsubscribe_token_hash: input.unsubscribeTokenHash,
      created_at: input.now,
      confirmed_at: input.now,
    })
    .onConflict((oc) =>
      oc
        .column("email")
        .doUpdateSet({
          status: "confirmed",
          confirmed_at: input.now,
          confirm_token_hash: null,
          unsubscribed_at: null,
        })
        .where("newsletter_subscribers.status", "!=", "confirmed"),
    )
    .execute();
}

/** Unsubscribes the row of `email` (a member's switch turned off); a no-op when already out. */
export async function unsubscribeByEmail(db: Q, email: string, now: string): Promise<void> {
  await db
    .updateTable("newsletter_subscribers")
    .set({ status: "unsubscribed", unsubscribed_at: now, confirm_token_hash: null })
    .where("email", "=", email)
    .where("status", "!=", "unsubscribed")
    .execute();
}

/** The row of `email`, for `moveSubscriberRow`. */
function rowOf(db: Q, email: string) {
  return db
    .selectFrom("newsletter_subscribers")
    .select(["id", "status"])
    .where("email", "=", email)
    .executeTakeFirst();
}

/** How much a status keeps: a row that gets the newsletter outranks one that waits or left. */
const RANK = { confirmed: 2, pending: 1, unsubscribed: 0 } as const;

/**
 * Moves the row of `from` to the address `to` (both lower case). When `to` has a row already, the
 * one that keeps more (confirmed, then pending, then unsubscribed) survives at `to` and the other
 * is deleted (its deliveries keep their history, `subscriber_id` set null). Returns whether a row
 * is now at `to` because of the move (false when `from` had none).
 */
export async function moveSubscriberRow(db: Q, from: string, to: string): Promise<boolean> {
  const source = await rowOf(db, from);
  if (!source || from === to) return source !== undefined;
  const target = await rowOf(db, to);
  if (target && RANK[target.status] >= RANK[source.status]) {
    await db.deleteFrom("newsletter_subscribers").where("id", "=", source.id).execute();
    return true;
  }
  if (target) await db.deleteFrom("newsletter_subscribers").where("id", "=", target.id).execute();
  await db
    .updateTable("newsletter_subscribers")
    .set({ email: to })
    .where("id", "=", source.id)
    .execute();
  return true;
}

/** Subscribers the CSV export reads in one statement: memory stays this many rows, whatever the list. */
const EXPORT_PAGE = 1000;

/**
 * Confirmed subscribers, oldest first (by id), for the CSV export: pages of EXPORT_PAGE rows, each
 * the ids after the previous page's last (a keyset on the primary key), so the list is never held
 * whole. Each page is read when the consumer asks for it; a subscriber who confirms or leaves
 * meanwhile is in the export as their row was when its page was read.
 */
export async function* confirmedPages(db: Q) {
  for (let after = 0; ;) {
    const rows = await db
      .selectFrom("newsletter_subscribers")
      .select(["id", "email", "status", "created_at", "confirmed_at"])
      .where("status", "=", "confirmed")
      .where("id", ">", after)
      .orderBy("id")
      .limit(EXPORT_PAGE)
      .execute();
    if (rows.length > 0) yield rows;
    const last = rows.at(-1);
    if (!last || rows.length < EXPORT_PAGE) return;
    after = last.id;
  }
}

/** A newsletter subscriber as editors see them (dates ISO 8601). */
export interface SubscriberRow {
  id: number;
  email: string;
  status: "pending" | "confirmed" | "unsubscribed";
  created_at: string;
  confirmed_at: string | null;
  /** True when the address is a live member's account email. */
  member: boolean;
}

/**
 * A page of the one list, newest first, by part of the email and status; each row says whether
 * its address is a live member's account email.
 */
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
      .select((eb) => [
        "id",
        "email",
        "status",
        "created_at",
        "confirmed_at",
        eb
          .exists(
            eb
              .selectFrom("users as u")
              .select("u.id")
              .whereRef("u.email", "=", "newsletter_subscribers.email")
              .where("u.deleted_at", "is", null),
          )
          .as("member"),
      ])
      .orderBy("id", "desc")
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
  ]);
  return { rows: rows.map((r) => ({ ...r, member: Boolean(r.member) })), total: Number(count.n) };
}

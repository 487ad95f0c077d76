// Kysely queries for the delivery worker (docs/decisions/007-newsletter-delivery.md): claiming
// batches, the state changes around each SMTP call, interrupted sends, finished issues.
import type { ExpressionBuilder, Kysely } from "kysely";
import type { Dialect } from "../../db/client.ts";
import type { Database, DeliveryState } from "../../db/schema.ts";
import { suppressAddress } from "./suppressions.repository.ts";

type Q = Kysely<Database>;
type D = ExpressionBuilder<Database, "newsletter_deliveries">;

/** A delivery a worker claimed: what it needs to build and send the message. */
export interface ClaimedDelivery {
  id: number;
  issue_id: number;
  email: string;
  idempotency_key: string;
}

/**
 * Leases up to `limit` due pending deliveries (oldest first) to `owner` until `leaseUntil`: rows
 * no other worker holds or whose lease ran out. On PostgreSQL the candidates are locked with
 * `FOR UPDATE SKIP LOCKED`, so concurrent workers take disjoint batches without waiting; SQLite
 * runs the one statement as one write transaction (one writer at a time).
 */
export async function claimBatch(
  db: Q,
  dialect: Dialect,
  input: { owner: string; now: string; leaseUntil: string; limit: number },
): Promise<ClaimedDelivery[]> {
  const { owner, now, leaseUntil, limit } = input;
  let due = db
    .selectFrom("newsletter_deliveries")
    .select("id")
    .where("state", "=", "pending")
    .where("next_attempt_at", "<=", now)
    .where((eb) => eb.or([eb("lease_expires_at", "is", null), eb("lease_expires_at", "<=", now)]))
    .orderBy("id")
    .limit(limit);
  if (dialect === "postgres") due = due.forUpdate().skipLocked();
  const rows = await db
    .updateTable("newsletter_deliveries")
    .set({ lease_owner: owner, lease_expires_at: leaseUntil })
    .where("id", "in", due)
    .returning(["id", "issue_id", "email", "idempotency_key"])
    .execute();
  return rows.sort((a, b) => a.id - b.id);
}

/**
 * Whether the delivery may still go out: its row of the one list is still confirmed (a member's
 * switch turned off, or a link used, unsubscribes it), its address is not suppressed, and its
 * issue is still sending.
 */
function stillWanted(eb: D) {
  return eb.and([
    eb.exists(
      eb
        .selectFrom("newsletter_subscribers as s")
        .select("s.id")
        .whereRef("s.id", "=", "newsletter_deliveries.subscriber_id")
        .where("s.status", "=", "confirmed"),
    ),
    eb.not(
      eb.exists(
        eb
          .selectFrom("newsletter_suppressions as x")
          .select("x.email")
          .whereRef("x.email", "=", "newsletter_deliveries.email"),
      ),
    ),
    eb.exists(
      eb
        .selectFrom("newsletter_issues as i")
        .select("i.id")
        .whereRef("i.id", "=", "newsletter_deliveries.issue_id")
        .where("i.status", "=", "sending"),
    ),
  ]);
}

/** What a delivery's lease is once given up: no owner, no expiry. */
const UNLEASED = { lease_owner: null, lease_expires_at: null } as const;

/**
 * The UPDATE of delivery `id` while `owner` holds its lease: every state change around an SMTP
 * call matches on both, so a worker never settles a delivery another one holds (decision 007).
 */
function updateLeased(db: Q, id: number, owner: string) {
  return db
    .updateTable("newsletter_deliveries")
    .where("id", "=", id)
    .where("lease_owner", "=", owner);
}

/**
 * The check before the SMTP call: moves the delivery from pending (leased to `owner`) to sending,
 * counts the attempt and holds it until `leaseUntil`, in one conditional UPDATE, only while the
 * recipient is still wanted (`stillWanted`). Exactly one worker can win it.
 * @returns the attempt number, or null when the delivery must not go out (then `skipUnwanted`).
 */
export async function beginSend(
  db: Q,
  input: { id: number; owner: string; leaseUntil: string },
): Promise<number | null> {
  const row = await updateLeased(db, input.id, input.owner)
    .set((eb) => ({
      state: "sending",
      attempts: eb("attempts", "+", 1),
      lease_expires_at: input.leaseUntil,
    }))
    .where("state", "=", "pending")
    .where(stillWanted)
    .returning("attempts")
    .executeTakeFirst();
  return row?.attempts ?? null;
}

/** Marks a pending delivery of `owner` that `beginSend` refused as skipped (unsubscribed, suppressed). */
export async function skipUnwanted(db: Q, id: number, owner: string): Promise<void> {
  await updateLeased(db, id, owner)
    .set({
      state: "skipped",
      last_error: "The recipient unsubscribed or was suppressed after the send began",
      ...UNLEASED,
    })
    .where("state", "=", "pending")
    .execute();
}

/**
 * Records the SMTP server's acceptance: sent, with the Message-ID. Matches on the owner only, so
 * it also corrects a delivery another process marked interrupted while this one was still sending.
 */
export async function recordSent(
  db: Q,
  input: { id: number; owner: string; messageId: string; now: string },
): Promise<void> {
  await updateLeased(db, input.id, input.owner)
    .set({
      state: "sent",
      sent_at: input.now,
      message_id: input.messageId,
      last_error: null,
      lease_expires_at: null,
    })
    .execute();
}

/** Puts a delivery that failed transiently back to pending, not to be tried before `retryAt`. */
export async function recordRetry(
  db: Q,
  input: { id: number; owner: string; retryAt: string; error: string },
): Promise<void> {
  await updateLeased(db, input.id, input.owner)
    .set({
      state: "pending",
      next_attempt_at: input.retryAt,
      last_error: input.error,
      ...UNLEASED,
    })
    .where("state", "=", "sending")
    .execute();
}

/**
 * Settles a delivery for good: `failed`, or `bounced` with its address added to the suppression
 * list (never mailed again), in one transaction.
 */
export async function recordFailure(
  db: Q,
  input: { id: number; owner: string; state: "failed" | "bounced"; error: string; now: string },
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const row = await updateLeased(trx, input.id, input.owner)
      .set({ state: input.state, last_error: input.error, lease_expires_at: null })
      .returning("email")
      .executeTakeFirst();
    if (!row || input.state !== "bounced") return;
    await suppressAddress(trx, {
      email: row.email,
      detail: input.error,
      deliveryId: input.id,
      now: input.now,
    });
  });
}

/** The message of a delivery whose sender vanished mid-call (decision 006: never sent twice). */
export const INTERRUPTED =
  "Interrupted while handed to the SMTP server; not retried, as it may have arrived (at most once)";

/**
 * Settles deliveries left `sending` by a worker that stopped before recording the outcome (its
 * lease passed): failed with INTERRUPTED, never retried. @returns how many.
 */
export async function sweepInterrupted(db: Q, now: string): Promise<number> {
  const result = await db
    .updateTable("newsletter_deliveries")
    .set({ state: "failed", last_error: INTERRUPTED })
    .where("state", "=", "sending")
    .where("lease_expires_at", "<=", now)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Gives back the pending deliveries `owner` claimed but did not start (a graceful stop). */
export async function releaseClaims(db: Q, owner: string): Promise<void> {
  await db
    .updateTable("newsletter_deliveries")
    .set(UNLEASED)
    .where("state", "=", "pending")
    .where("lease_owner", "=", owner)
    .execute();
}

/** Cancels the deliveries of issue `issueId` not yet handed to SMTP. @returns how many. */
export async function cancelPending(db: Q, issueId: number): Promise<number> {
  const result = await db
    .updateTable("newsletter_deliveries")
    .set({ state: "cancelled", ...UNLEASED })
    .where("issue_id", "=", issueId)
    .where("state", "=", "pending")
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** States a delivery leaves only by a worker's action. */
const UNSETTLED: DeliveryState[] = ["pending", "sending"];

/** Marks `sending` issues with no unsettled delivery left as sent at `now`. */
export async function finishIssues(db: Q, now: string): Promise<void> {
  await db
    .updateTable("newsletter_issues")
    .set({ status: "sent", sent_at: now })
    .where("status", "=", "sending")
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom("newsletter_deliveries as d")
            .select("d.id")
            .whereRef("d.issue_id", "=", "newsletter_issues.id")
            .where("d.state", "in", UNSETTLED),
        ),
      ),
    )
    .execute();
}

/** Whether any delivery is unsettled, and the earliest time a pending one is due. */
export async function outstanding(db: Q): Promise<{ unsettled: number; nextDue: string | null }> {
  const row = await db
    .selectFrom("newsletter_deliveries")
    .select((eb) => [eb.fn.countAll<number>().as("n"), eb.fn.min("next_attempt_at").as("due")])
    .where("state", "in", UNSETTLED)
    .executeTakeFirstOrThrow();
  return { unsettled: Number(row.n), nextDue: (row.due as string | null) ?? null };
}

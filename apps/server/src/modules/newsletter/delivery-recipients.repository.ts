// Kysely queries about an issue's recipients: freezing them when the send starts (one
// INSERT … SELECT), crediting an unsubscribe to the issue that caused it, and the figures.
import { type Expression, type Kysely, type SqlBool, sql } from "kysely";
import type { Dialect } from "../../db/client.ts";
import type { Database, DeliveryState } from "../../db/schema.ts";

type Q = Kysely<Database>;

/** `value` cast to the engine's timestamp type, for a SELECT list that INSERT … SELECT writes. */
const instant = (dialect: Dialect, value: string) =>
  sql<string>`cast(${value} as ${sql.raw(dialect === "postgres" ? "timestamptz" : "text")})`;

/**
 * Freezes the recipients of issue `issueId` in one INSERT … SELECT (the list never passes
 * through this process): every confirmed row of the one list (`newsletter_subscribers`: visitors
 * who confirmed the mailed link and members whose switch is on, docs/decisions/007), minus
 * suppressed addresses, each as a pending delivery due `now` with the idempotency key
 * `issue-{id}-s{subscriber}`. Addresses are compared lower-cased, and the unique (issue, email)
 * keeps the first row of an address: nobody is frozen twice. A row that exists already is kept.
 * @returns how many deliveries were created.
 */
export async function freezeRecipients(
  db: Q,
  dialect: Dialect,
  input: { issueId: number; now: string },
): Promise<number> {
  const { issueId, now } = input;
  const recipients = db
    .selectFrom("newsletter_subscribers as r")
    .where("r.status", "=", "confirmed")
    .where(
      sql<SqlBool>`not exists (select 1 from newsletter_suppressions x where x.email = lower(r.email))`,
    )
    .select([
      sql<string>`lower(r.email)`.as("email"),
      "r.id as subscriber_id",
      sql<string>`${`issue-${issueId}-s`} || cast(r.id as text)`.as("idempotency_key"),
      sql<number>`cast(${issueId} as integer)`.as("issue_id"),
      sql<string>`'pending'`.as("state"),
      instant(dialect, now).as("next_attempt_at"),
      instant(dialect, now).as("created_at"),
    ])
    .orderBy("r.id");
  const result = await db
    .insertInto("newsletter_deliveries")
    .columns([
      "email",
      "subscriber_id",
      "idempotency_key",
      "issue_id",
      "state",
      "next_attempt_at",
      "created_at",
    ])
    .expression(recipients as Expression<object>)
    .onConflict((oc) => oc.doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0);
}

/** Deliveries of issue `issueId` by state, and how many of their unsubscribe links were used. */
export async function countByState(
  db: Q,
  issueId: number,
): Promise<{ byState: Map<DeliveryState, number>; unsubscribes: number }> {
  const [states, unsubscribes] = await Promise.all([
    db
      .selectFrom("newsletter_deliveries")
      .select(["state", (eb) => eb.fn.countAll<number>().as("n")])
      .where("issue_id", "=", issueId)
      .groupBy("state")
      .execute(),
    db
      .selectFrom("newsletter_deliveries")
      .select((eb) => eb.fn.count<number>("unsubscribed_at").as("n"))
      .where("issue_id", "=", issueId)
      .executeTakeFirstOrThrow(),
  ]);
  return {
    byState: new Map(states.map((r) => [r.state, Number(r.n)])),
    unsubscribes: Number(unsubscribes.n),
  };
}

/**
 * Undoes `markUnsubscribed` of delivery `id` when it happened at `since` or later: returns the
 * delivery's row of the one list (to take back in), or null when there was nothing to undo.
 */
export async function unmarkUnsubscribed(
  db: Q,
  id: number,
  since: string,
): Promise<{ subscriber_id: number | null } | null> {
  const row = await db
    .updateTable("newsletter_deliveries")
    .set({ unsubscribed_at: null })
    .where("id", "=", id)
    .where("unsubscribed_at", ">=", since)
    .returning(["subscriber_id"])
    .executeTakeFirst();
  return row ?? null;
}

/**
 * Marks delivery `id` as the one whose unsubscribe link was used (the first use counts) and
 * returns whom it went to; null for an unknown id.
 */
export async function markUnsubscribed(
  db: Q,
  id: number,
  now: string,
): Promise<{ subscriber_id: number | null } | null> {
  await db
    .updateTable("newsletter_deliveries")
    .set({ unsubscribed_at: now })
    .where("id", "=", id)
    .where("unsubscribed_at", "is", null)
    .execute();
  const row = await db
    .selectFrom("newsletter_deliveries")
    .select(["subscriber_id"])
    .where("id", "=", id)
    .executeTakeFirst();
  return row ?? null;
}

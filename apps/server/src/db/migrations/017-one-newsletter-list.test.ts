// Migration 017 on a publication that kept two lists
// (docs/decisions/007-newsletter-delivery.md#one-list): members' account opt-ins join the form's
// list without a second row for an address already on it, a member's switch then reads that row,
// and the unsubscribe link of a mail already sent to a member keeps working.
import { sql } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import { closeServices, createServices } from "../../services.ts";
import { deliveryUnsubscribeToken } from "../../modules/newsletter/delivery-tokens.ts";
import { databaseBefore, engines, testConfig } from "../../testing/db.ts";
import { insertUser } from "../../testing/fixtures.ts";
import type { Db } from "../client.ts";
import { up } from "./017-one-newsletter-list.ts";

const SECRET = "test-secret-test-secret-test-secret-0123"; // testConfig's APP_SECRET
const EARLIER = "2026-01-05T10:00:00.000Z";

/** Adds a row to the form's list as it was. */
async function subscriber(db: Db, email: string, status: string): Promise<void> {
  const confirmedAt = status === "pending" ? null : EARLIER;
  await sql`insert into newsletter_subscribers
      (email, status, unsubscribe_token_hash, created_at, confirmed_at)
    values (${email}, ${status}, ${`hash-${email}`}, ${EARLIER}, ${confirmedAt})`.execute(
    db.kysely,
  );
}

/** A member whose account switch was on (`users.newsletter_opt_in` = 1). */
async function optedIn(db: Db, email: string): Promise<number> {
  const id = await insertUser(db, { email });
  await sql`update users set newsletter_opt_in = 1 where id = ${id}`.execute(db.kysely);
  return id;
}

describe.each(engines)("migration 017 on %s", (engine) => {
  let drop: (() => Promise<void>) | undefined;
  afterEach(async () => drop?.());

  it("merges members' opt-ins into the one list, each address once", async () => {
    const before = await databaseBefore(engine, "017");
    const { db } = before;
    drop = before.drop;
    const alice = await optedIn(db, "alice@example.test"); // on no list yet
    const bob = await optedIn(db, "bob@example.test");
    await subscriber(db, "bob@example.test", "confirmed"); // both lists
    const carol = await optedIn(db, "carol@example.test");
    await subscriber(db, "carol@example.test", "unsubscribed"); // left the form's list only
    const dave = await insertUser(db, { email: "dave@example.test" }); // switch off, form confirmed
    await subscriber(db, "dave@example.test", "confirmed");
    const erin = await optedIn(db, "erin@example.test");
    await sql`update users set deleted_at = ${EARLIER} where id = ${erin}`.execute(db.kysely);
    await subscriber(db, "visitor@example.test", "pending");
    // A member issue already sent to Alice, whose mail carries its unsubscribe link.
    await sql`insert into newsletter_issues (slug, subject, intro, kind, audience, status,
        created_at, updated_at) values ('old', 'Old', '', 'post', 'members-opted-in', 'sent',
        ${EARLIER}, ${EARLIER})`.execute(db.kysely);
    const delivered = await sql<{ id: number }>`insert into newsletter_deliveries
        (issue_id, email, user_id, state, next_attempt_at, idempotency_key, created_at)
      values ((select id from newsletter_issues where slug = 'old'), 'alice@example.test',
        ${alice}, 'sent', ${EARLIER}, ${`issue-1-m${alice}`}, ${EARLIER}) returning id`.execute(
      db.kysely,
    );

    await up(db.kysely as never, engine);

    const rows = await db.kysely
      .selectFrom("newsletter_subscribers")
      .select(["email", "status", "confirmed_at"])
      .orderBy("email")
      .execute();
    expect(rows.map((r) => [r.email, r.status])).toEqual([
      ["alice@example.test", "confirmed"],
      ["bob@example.test", "confirmed"],
      ["carol@example.test", "confirmed"],
      ["dave@example.test", "confirmed"],
      ["visitor@example.test", "pending"],
    ]);
    // Bob's form subscription is kept as it was, not duplicated or re-dated.
    expect(new Date(rows[1]?.confirmed_at as string).toISOString()).toBe(EARLIER);
    await expect(sql`select newsletter_opt_in from users`.execute(db.kysely)).rejects.toThrow();
    await expect(sql`select audience from newsletter_issues`.execute(db.kysely)).rejects.toThrow();

    const services = createServices(db, testConfig());
    try {
      const { newsletter } = services;
      for (const id of [alice, bob, carol, dave]) {
        expect((await newsletter.memberNewsletter(id)).optIn, `member ${id}`).toBe(true);
      }
      // The link in the mail Alice got before the migration turns her switch off.
      const token = deliveryUnsubscribeToken(SECRET, delivered.rows[0]?.id as number);
      expect(await newsletter.unsubscribe(token)).toBe(true);
      expect(await newsletter.memberNewsletter(alice)).toMatchObject({
        optIn: false,
        status: "unsubscribed",
      });
    } finally {
      await closeServices(services);
    }
  });
});

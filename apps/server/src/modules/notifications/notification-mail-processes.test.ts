// Notification emails across processes (docs/decisions/030-notification-mail-guarantees.md): a
// worker process killed with SIGKILL mid-send, then a fresh one, mails nobody twice and loses at
// most the one mail it was sending; two worker processes at once share the work, one mail each.
import { describe, expect, it } from "vitest";
import { engines } from "../../testing/db.ts";
import { drainWithFreshWorker, spawnWorker } from "../../testing/newsletter.ts";
import {
  deliveredCount,
  killWorkerMidSend,
  workerProcessesSuite,
} from "../../testing/worker-processes.ts";
import { addRepliedMembers } from "../../testing/notifications.ts";

const PUBLIC_URL = "https://pragmatist.example";
/** Members told of replies "at once", each of two replies: one mail each, both in it. */
const MEMBERS = 200;
/** The kill comes after this many mails arrived: the worker is then sending the next ones. */
const KILL_AT = 80;

describe.each(engines)("notification email processes on %s", (engine) => {
  const s = workerProcessesSuite(engine, {
    PUBLIC_URL,
    NEWSLETTER_RATE_PER_MINUTE: "100000",
    // "At once" mails go in the next round: no gathering delay to wait for.
    NOTIFICATION_EMAIL_DELAY_SECONDS: "0",
  });
  const options = () => ({ worker: "notifications" as const, config: s.config });

  /** Each member's notifications: when they were claimed for a mail (null: never). */
  const claims = async (ids: number[]) => {
    const rows = await s.shared.db.kysely
      .selectFrom("notifications")
      .select(["recipient_id", "emailed_at"])
      .where("recipient_id", "in", ids)
      .execute();
    return Map.groupBy(rows, (r) => r.recipient_id);
  };

  it("resumes after a kill -9 mid-send: nobody mailed twice, at most the mail in flight lost", async () => {
    const { ids, emails } = await addRepliedMembers(s.shared.db, MEMBERS, "crash");
    const worker = spawnWorker(s.shared.env, options());
    const beforeRestart = await killWorkerMidSend(worker, s.sink, KILL_AT);
    expect(beforeRestart).toBeLessThan(MEMBERS);

    const sent = await drainWithFreshWorker(s.shared.db, options());
    expect(sent).toBeGreaterThan(0);
    const byMember = await claims(ids);
    const unmailed: string[] = [];
    for (const [i, email] of emails.entries()) {
      const mails = s.sink.deliveredTo.get(email) ?? 0;
      expect(mails, email).toBeLessThanOrEqual(1);
      if (mails === 0) unmailed.push(email);
      // Both replies were claimed together, for one mail; none is left waiting.
      const rows = byMember.get(ids[i] as number) ?? [];
      expect(rows, email).toHaveLength(2);
      expect(rows[0]?.emailed_at, email).not.toBeNull();
      expect(rows[1]?.emailed_at, email).toBe(rows[0]?.emailed_at);
    }
    // Only the mail the kill caught between its claim and the SMTP server's answer is in doubt:
    // claimed, so never sent again (at most once). The worker sends one mail at a time.
    expect(unmailed.length).toBeLessThanOrEqual(1);
    expect(deliveredCount(s.sink)).toBe(MEMBERS - unmailed.length);
    expect(sent).toBe(deliveredCount(s.sink) - beforeRestart);
  });

  it("shares the mail between two worker processes, one mail each", async () => {
    s.sink.deliveredTo.clear();
    const { ids, emails } = await addRepliedMembers(s.shared.db, MEMBERS, "fleet");
    const workers = [1, 2].map(() => spawnWorker(s.shared.env, options()));
    const exits = await Promise.all(workers.map((w) => w.exited));
    expect(
      exits.map((e) => e.code),
      exits.map((e) => e.stderr).join("\n"),
    ).toEqual([0, 0]);
    for (const email of emails) expect(s.sink.deliveredTo.get(email), email).toBe(1);
    // Both processes sent part of it, and together every mail once.
    const sent = exits.map((e) => e.sent ?? 0);
    expect(
      sent.every((n) => n > 0),
      JSON.stringify(sent),
    ).toBe(true);
    expect(sent[0]! + sent[1]!).toBe(MEMBERS);
    for (const rows of (await claims(ids)).values()) {
      expect(rows[1]?.emailed_at).toBe(rows[0]?.emailed_at);
    }
  });
});

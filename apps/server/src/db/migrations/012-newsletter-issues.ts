// Newsletter issues written in the studio and their deliveries, one per recipient
// (docs/product/data.md#entity-newsletter-issue).
import { type Kysely, sql } from "kysely";
import type { Dialect } from "../client.ts";

/** The id column type: SQLite's integer primary key (its rowid), PostgreSQL's serial. */
type IdType = "integer" | "serial";
/** Instants: ISO 8601 text on SQLite, timestamptz on PostgreSQL. */
type TimeType = "text" | "timestamptz";

/** Creates `newsletter_issues` and `newsletter_issue_articles`: what an editor writes and sends. */
async function issues(db: Kysely<unknown>, id: IdType, ts: TimeType): Promise<void> {
  await db.schema
    .createTable("newsletter_issues")
    .addColumn("id", id, (c) => c.primaryKey())
    .addColumn("slug", "text", (c) => c.notNull().unique())
    .addColumn("subject", "text", (c) => c.notNull())
    .addColumn("intro", "text", (c) => c.notNull())
    .addColumn("kind", "text", (c) => c.notNull().check(sql`kind in ('post', 'digest')`))
    .addColumn("audience", "text", (c) =>
      c.check(sql`audience in ('subscribers', 'members-opted-in')`),
    )
    .addColumn("status", "text", (c) =>
      c.notNull().check(sql`status in ('draft', 'sending', 'sent', 'cancelled')`),
    )
    .addColumn("html", "text")
    .addColumn("text", "text")
    .addColumn("created_by", "integer", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("sent_by", "integer", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("created_at", ts, (c) => c.notNull())
    .addColumn("updated_at", ts, (c) => c.notNull())
    .addColumn("send_started_at", ts)
    .addColumn("sent_at", ts)
    .addColumn("cancelled_at", ts)
    .execute();
  await db.schema
    .createIndex("newsletter_issues_status")
    .on("newsletter_issues")
    .columns(["status", "send_started_at"])
    .execute();

  await db.schema
    .createTable("newsletter_issue_articles")
    .addColumn("issue_id", "integer", (c) =>
      c.notNull().references("newsletter_issues.id").onDelete("cascade"),
    )
    .addColumn("article_id", "integer", (c) =>
      c.notNull().references("articles.id").onDelete("cascade"),
    )
    .addColumn("position", "integer", (c) => c.notNull())
    .addPrimaryKeyConstraint("newsletter_issue_articles_pk", ["issue_id", "article_id"])
    .execute();
}

/** Creates `newsletter_deliveries`: one row per recipient, frozen when the send starts. */
async function deliveries(db: Kysely<unknown>, id: IdType, ts: TimeType): Promise<void> {
  await db.schema
    .createTable("newsletter_deliveries")
    .addColumn("id", id, (c) => c.primaryKey())
    .addColumn("issue_id", "integer", (c) => c.notNull().references("newsletter_issues.id"))
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("subscriber_id", "integer", (c) =>
      c.references("newsletter_subscribers.id").onDelete("set null"),
    )
    .addColumn("user_id", "integer", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("state", "text", (c) =>
      c
        .notNull()
        .check(
          sql`state in ('pending', 'sending', 'sent', 'failed', 'bounced', 'cancelled', 'skipped')`,
        ),
    )
    .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("next_attempt_at", ts, (c) => c.notNull())
    .addColumn("lease_owner", "text")
    .addColumn("lease_expires_at", ts)
    .addColumn("last_error", "text")
    .addColumn("idempotency_key", "text", (c) => c.notNull().unique())
    .addColumn("message_id", "text")
    .addColumn("sent_at", ts)
    .addColumn("unsubscribed_at", ts)
    .addColumn("created_at", ts, (c) => c.notNull())
    .addUniqueConstraint("newsletter_deliveries_issue_email", ["issue_id", "email"])
    .execute();
  // The worker's claim reads pending rows by due time; the studio counts an issue's rows by state.
  await db.schema
    .createIndex("newsletter_deliveries_due")
    .on("newsletter_deliveries")
    .columns(["state", "next_attempt_at"])
    .execute();
  await db.schema
    .createIndex("newsletter_deliveries_issue_state")
    .on("newsletter_deliveries")
    .columns(["issue_id", "state"])
    .execute();
}

/**
 * Creates the newsletter's sending tables: `newsletter_issues` (a post or a digest, draft →
 * sending → sent or cancelled, with the rendering frozen at send time), `newsletter_issue_articles`
 * (the articles an issue carries, in order), `newsletter_deliveries` (one row per recipient,
 * frozen by one INSERT … SELECT: state, attempts, retry time, lease, idempotency key, SMTP message
 * id), `newsletter_suppressions` (addresses that bounced hard: never mailed again) and
 * `newsletter_links` (first-party click redirects `/r/{token}`, counted only with tracking on).
 * Adds `users.newsletter_opt_in` (0 or 1, default 0): members who asked for the newsletter by
 * their account, the `members-opted-in` audience.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const id = dialect === "sqlite" ? "integer" : "serial";
  const ts = dialect === "sqlite" ? "text" : "timestamptz";

  await db.schema
    .alterTable("users")
    .addColumn("newsletter_opt_in", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await issues(db, id, ts);
  await deliveries(db, id, ts);

  await db.schema
    .createTable("newsletter_suppressions")
    .addColumn("email", "text", (c) => c.primaryKey())
    .addColumn("reason", "text", (c) => c.notNull())
    .addColumn("detail", "text", (c) => c.notNull())
    .addColumn("delivery_id", "integer", (c) =>
      c.references("newsletter_deliveries.id").onDelete("set null"),
    )
    .addColumn("created_at", ts, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("newsletter_links")
    .addColumn("id", id, (c) => c.primaryKey())
    .addColumn("issue_id", "integer", (c) =>
      c.notNull().references("newsletter_issues.id").onDelete("cascade"),
    )
    .addColumn("token", "text", (c) => c.notNull().unique())
    .addColumn("url", "text", (c) => c.notNull())
    .addColumn("clicks", "integer", (c) => c.notNull().defaultTo(0))
    .addUniqueConstraint("newsletter_links_issue_url", ["issue_id", "url"])
    .execute();
}

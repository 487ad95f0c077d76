// Small row builders for tests: real rows in the real tables, nothing mocked.
import { randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import type { ArticleType } from "@pragmatist/contracts";
import type { InjectOptions, LightMyRequestResponse } from "fastify";
import PostalMime from "postal-mime";
import type { App } from "../app.ts";
import type { Db } from "../db/client.ts";
import type { TermKind } from "../db/schema.ts";

let counter = 0;
/**
 * This test file's own client network, 10.a.b.0/24 with a and b random per process: the per-IP
 * sign-up limit (10 an hour) lives in Redis when REDIS_URL is set, shared by every file and run,
 * so addresses counted from 1 in each file ran into each other's budget.
 */
const [NET_A = 0, NET_B = 0] = randomBytes(2);

/** The password of members made by `registerMember` (long enough, not on the common list). */
export const TEST_PASSWORD = "a long enough passphrase";

/** Inserts a user and returns its id. */
export async function insertUser(
  db: Db,
  fields: { username?: string; email?: string | null } = {},
): Promise<number> {
  counter += 1;
  const now = new Date().toISOString();
  const row = await db.kysely
    .insertInto("users")
    .values({
      username: fields.username ?? `Member ${counter}`,
      email: fields.email === undefined ? `member${counter}@example.test` : fields.email,
      password_hash: "not-a-real-hash",
      created_at: now,
      updated_at: now,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

async function termId(db: Db, kind: TermKind, name: string): Promise<number> {
  const slug = name.toLowerCase().replace(/[^a-z0-9]+/g, "-");
  const existing = await db.kysely
    .selectFrom("terms")
    .select("id")
    .where("kind", "=", kind)
    .where("slug", "=", slug)
    .executeTakeFirst();
  if (existing) return existing.id;
  const row = await db.kysely
    .insertInto("terms")
    .values({ kind, name, slug })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

/** An article to insert for a test; what is left out gets a plain default. */
export interface ArticleFixture {
  slug: string;
  title?: string;
  subTitle?: string;
  content?: string;
  publishDate?: string;
  status?: "draft" | "published";
  authorId?: number | null;
  clicks?: number;
  type?: ArticleType;
  categories?: string[];
  tags?: string[];
  ecosystems?: string[];
}

/** Inserts an article with its terms and returns its id. */
export async function insertArticle(db: Db, a: ArticleFixture): Promise<number> {
  const now = new Date().toISOString();
  const row = await db.kysely
    .insertInto("articles")
    .values({
      slug: a.slug,
      title: a.title ?? `Title of ${a.slug}`,
      sub_title: a.subTitle ?? `Subtitle of ${a.slug}`,
      content: a.content ?? `Content of ${a.slug}.`,
      body: 1,
      excerpt: `Excerpt of ${a.slug}`,
      reading_time_minutes: 3,
      publish_date: a.publishDate ?? "2024-01-01T00:00:00.000Z",
      author_id: a.authorId ?? null,
      clicks: a.clicks ?? 0,
      status: a.status ?? "published",
      created_at: now,
      updated_at: now,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  const terms: [TermKind, string][] = [
    ["type", a.type ?? "Research"],
    ...(a.categories ?? []).map((n): [TermKind, string] => ["category", n]),
    ...(a.tags ?? []).map((n): [TermKind, string] => ["tag", n]),
    ...(a.ecosystems ?? []).map((n): [TermKind, string] => ["ecosystem", n]),
  ];
  let position = 0;
  for (const [kind, name] of terms) {
    await db.kysely
      .insertInto("article_terms")
      .values({ article_id: row.id, term_id: await termId(db, kind, name), position: position++ })
      .execute();
  }
  return row.id;
}

/**
 * Dates the last write of every article long ago (2020-01-01), then of the article `editedSlug`
 * at `editedAt` (ISO 8601): a library whose `updatedAt`s are its publish dates but one edit.
 */
export async function dateArticleWrites(db: Db, editedSlug: string, editedAt: string) {
  await db.kysely.updateTable("articles").set({ updated_at: "2020-01-01T00:00:00.000Z" }).execute();
  await db.kysely
    .updateTable("articles")
    .set({ updated_at: editedAt })
    .where("slug", "=", editedSlug)
    .execute();
}

/** A member a test registered: its id, name, email and session token. */
export interface TestMember {
  id: number;
  username: string;
  email: string;
  jwt: string;
  /** Headers that sign a request in as this member. */
  auth: { authorization: string };
}

/**
 * Signs a member up through the real API (`POST /api/auth/local/register`), each from a client IP
 * of its own so the per-IP sign-up limit never interferes, and returns their Bearer session.
 * `inject` is `app.inject`, or a wrapper around it that records responses.
 * @throws Error when the sign-up is not answered 200.
 */
export async function registerMember(
  inject: (options: InjectOptions) => Promise<LightMyRequestResponse>,
  fields: { username?: string } = {},
): Promise<TestMember> {
  counter += 1;
  const email = `member${counter}@example.test`;
  const username = fields.username ?? `Member ${counter}`;
  const res = await inject({
    method: "POST",
    url: "/api/auth/local/register",
    remoteAddress: `10.${NET_A}.${(NET_B + Math.floor(counter / 250)) % 256}.${1 + (counter % 250)}`,
    payload: { username, email, password: TEST_PASSWORD },
  });
  if (res.statusCode !== 200) throw new Error(`sign-up answered ${res.statusCode}: ${res.body}`);
  const { jwt, user } = res.json() as { jwt: string; user: { id: number } };
  return { id: user.id, username, email, jwt, auth: { authorization: `Bearer ${jwt}` } };
}

/** The link of a verification or email-change mail: `${PUBLIC_URL}/verify-email?code=…`. */
const VERIFY_LINK = /https?:\/\/\S+\/verify-email\?code=[\w-]+/;

/** The code in the verify-email link of a mail's plain text. @throws Error when there is none. */
export function verifyCodeIn(text: string): string {
  const link = VERIFY_LINK.exec(text)?.[0];
  if (!link) throw new Error(`no verify-email link in the mail:\n${text}`);
  return new URL(link).searchParams.get("code") as string;
}

/**
 * The plain text of the newest mail the app wrote to its outbox (no SMTP_URL) for `to`, after the
 * mails already accepted were sent. @throws Error when the app mails over SMTP or none went to `to`.
 */
export async function lastOutboxMailTo(app: App, to: string): Promise<string> {
  await Promise.all([
    app.services.emailVerification.settle(),
    app.services.passwordChange.settle(),
    app.services.passwordReset.settle(),
  ]);
  const dir = await app.services.mailer.outboxDir();
  if (!dir) throw new Error("the app mails over SMTP: read its mail from the SMTP sink instead");
  for (const name of (await fs.readdir(dir)).sort().reverse()) {
    const mail = await PostalMime.parse(await fs.readFile(path.join(dir, name)));
    if (mail.to?.some((a) => a.address?.toLowerCase() === to.toLowerCase())) return mail.text ?? "";
  }
  throw new Error(`no mail to ${to} in the outbox`);
}

/**
 * Signs a member up like `registerMember`, then verifies their email the way they would: follows
 * the link of the verification mail the sign-up wrote to the app's outbox
 * (`POST /api/auth/email-confirmation` with its code). For apps without SMTP_URL; commenting needs
 * a verified email (docs/product/accounts.md#account-security).
 * @throws Error when the sign-up or the confirmation is not answered 200.
 */
export async function registerVerifiedMember(
  app: App,
  fields: { username?: string } = {},
): Promise<TestMember> {
  const member = await registerMember((o) => app.inject(o), fields);
  const code = verifyCodeIn(await lastOutboxMailTo(app, member.email));
  const res = await app.inject({
    method: "POST",
    url: "/api/auth/email-confirmation",
    remoteAddress: `10.8.${Math.floor(counter / 200)}.${counter % 200}`,
    payload: { code },
  });
  if (res.statusCode !== 200)
    throw new Error(`confirmation answered ${res.statusCode}: ${res.body}`);
  return member;
}

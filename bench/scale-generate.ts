// The scale generator's archive and people: articles filed under the demo's terms, members (with a
// signed-in admin and reader) and newsletter subscribers, written in bulk on a seeded database.
import type { Kysely } from "kysely";
import type { Database } from "../apps/server/src/db/schema.ts";
import { hashCode } from "../apps/server/src/modules/accounts/one-time-codes.ts";
import { hashPassword } from "../apps/server/src/modules/accounts/passwords.ts";
import { nameKey } from "../apps/server/src/text/display-names.ts";
import { inserter, nextId } from "./scale-insert.ts";
import { composeArticle, type Corpus, pick, type Shape } from "./scale-shape.ts";

/** The password of the generated admin and reader (signed in by the measures). */
export const SCALE_PASSWORD = "scale-bench-passphrase-2026";
/** Their emails. */
export const ADMIN_EMAIL = "scale.admin@example.test";
export const READER_EMAIL = "scale.reader@example.test";
/** The demo article that carries `Shape.hotComments` comments (it exists at every size). */
export const HOT_SLUG = "bitcoin-etf-flows-explained";

const DAY = 86_400_000;

/** One article of the archive as the activity generator needs it. */
export interface ArchiveArticle {
  id: number;
  slug: string;
  publishMs: number;
}

/** What the activity generator builds on: every article (oldest first) and the members' ids. */
export interface Archive {
  articles: ArchiveArticle[];
  hot: ArchiveArticle;
  /** Generated members' ids: firstMember … firstMember + count - 1. */
  firstMember: number;
  memberCount: number;
  adminId: number;
  readerId: number;
  now: number;
}

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * Writes `shape.articles` articles, published evenly over `shape.years` years up to `now` (1 in
 * 100 a draft, 1 in 200 scheduled next month), each with a type, 1 to 2 categories, 2 to 4 tags
 * and maybe an ecosystem (positions as the importer writes them), by a demo author (skewed) with a
 * demo thumbnail; `clicks` a long tail.
 * @returns every article of the database, oldest publish date first.
 */
async function generateArticles(
  db: Kysely<Database>,
  rand: () => number,
  corpus: Corpus,
  shape: Shape,
  now: number,
): Promise<ArchiveArticle[]> {
  const articles = inserter(db, "articles", 16);
  const terms = inserter(db, "article_terms", 3, articles);
  const first = await nextId(db, "articles");
  const span = shape.years * 365 * DAY;
  const kinds = corpus.terms;
  for (let i = 0; i < shape.articles; i++) {
    const id = first + i;
    const a = composeArticle(rand, corpus, i);
    const roll = rand();
    const status = roll < 0.01 ? "draft" : "published";
    const publishMs =
      roll > 0.995 ? now + 30 * DAY * rand() : now - span + (span * (i + rand())) / shape.articles;
    const at = iso(Math.min(publishMs, now));
    await articles.add({
      id,
      ...a,
      body: 1,
      publish_date: iso(publishMs),
      thumbnail_id: pick(rand, corpus.thumbnails),
      author_id: corpus.authors[Math.floor(rand() ** 1.5 * corpus.authors.length)] ?? null,
      clicks: Math.floor(1 / (rand() + 0.001)),
      status,
      created_at: at,
      updated_at: at,
    });
    const chosen = new Set<number>([rand() < 0.8 ? corpus.research : pick(rand, kinds.type ?? [])]);
    const categories = 1 + Math.floor(rand() * 2);
    while (chosen.size < 1 + categories) chosen.add(pick(rand, kinds.category ?? []));
    const tags = 2 + Math.floor(rand() * 3);
    while (chosen.size < 1 + categories + tags) chosen.add(pick(rand, kinds.tag ?? []));
    if (rand() < 0.5) chosen.add(pick(rand, kinds.ecosystem ?? []));
    let position = 0;
    for (const term_id of chosen)
      await terms.add({ article_id: id, term_id, position: position++ });
  }
  await articles.flush();
  await terms.flush();
  const rows = await db
    .selectFrom("articles")
    .select(["id", "slug", "publish_date"])
    .orderBy("publish_date")
    .execute();
  return rows.map((r) => ({ id: r.id, slug: r.slug, publishMs: Date.parse(r.publish_date) }));
}

/**
 * Writes `shape.members` members who joined over the archive's years (9 in 10 with a verified
 * email, no password: their passwords are never needed), then the admin and the reader with
 * SCALE_PASSWORD hashed as the app hashes it (argon2id).
 */
async function generateMembers(
  db: Kysely<Database>,
  rand: () => number,
  shape: Shape,
  now: number,
): Promise<Pick<Archive, "firstMember" | "memberCount" | "adminId" | "readerId">> {
  const users = inserter(db, "users", 10);
  const firstMember = await nextId(db, "users");
  const span = shape.years * 365 * DAY;
  for (let i = 0; i < shape.members; i++) {
    const username = `Reader ${i + 1}`;
    const at = iso(now - span + (span * (i + rand())) / shape.members);
    await users.add({
      id: firstMember + i,
      username,
      username_key: nameKey(username),
      email: `reader${i + 1}@example.test`,
      password_hash: null,
      role: "member",
      created_at: at,
      updated_at: at,
      email_verified_at: rand() < 0.9 ? at : null,
      bio: null,
    });
  }
  const hash = await hashPassword(SCALE_PASSWORD);
  const staff = [
    ["Scale Admin", ADMIN_EMAIL, "admin"],
    ["Scale Reader", READER_EMAIL, "member"],
  ] as const;
  for (const [k, [username, email, role]] of staff.entries()) {
    await users.add({
      id: firstMember + shape.members + k,
      username,
      username_key: nameKey(username),
      email,
      password_hash: hash,
      role,
      created_at: iso(now - span),
      updated_at: iso(now - span),
      email_verified_at: iso(now - span),
      bio: null,
    });
  }
  await users.flush();
  return {
    firstMember,
    memberCount: shape.members,
    adminId: firstMember + shape.members,
    readerId: firstMember + shape.members + 1,
  };
}

/**
 * Writes `shape.subscribers` newsletter subscribers: 85 in 100 confirmed, 10 unsubscribed, 5
 * pending; token hashes as the app stores them (`hashCode`: sha256, base64url).
 */
async function generateSubscribers(
  db: Kysely<Database>,
  rand: () => number,
  shape: Shape,
  now: number,
): Promise<void> {
  const subscribers = inserter(db, "newsletter_subscribers", 8);
  const first = await nextId(db, "newsletter_subscribers");
  const span = shape.years * 365 * DAY;
  for (let i = 0; i < shape.subscribers; i++) {
    const at = now - span + (span * (i + rand())) / shape.subscribers;
    const roll = rand();
    const status = roll < 0.85 ? "confirmed" : roll < 0.95 ? "unsubscribed" : "pending";
    await subscribers.add({
      id: first + i,
      email: `subscriber${i + 1}@example.test`,
      status,
      confirm_token_hash: status === "pending" ? hashCode(`confirm-${i}`) : null,
      unsubscribe_token_hash: hashCode(`unsubscribe-${i}`),
      created_at: iso(at),
      confirmed_at: status === "pending" ? null : iso(at + 600_000),
      unsubscribed_at: status === "unsubscribed" ? iso(Math.min(now, at + 90 * DAY)) : null,
    });
  }
  await subscribers.flush();
}

/**
 * Writes the archive and the people of `shape` into a database the app has migrated and seeded
 * with its demo content (`corpus` read from it); `now` in ms since the epoch.
 * @returns what the activity generator builds on.
 * @throws Error when the demo's hot article (HOT_SLUG) is missing.
 */
export async function generateArchive(
  db: Kysely<Database>,
  rand: () => number,
  corpus: Corpus,
  shape: Shape,
  now: number,
): Promise<Archive> {
  const articles = await generateArticles(db, rand, corpus, shape, now);
  const people = await generateMembers(db, rand, shape, now);
  await generateSubscribers(db, rand, shape, now);
  const hot = articles.find((a) => a.slug === HOT_SLUG);
  if (!hot) throw new Error(`the demo article ${HOT_SLUG} is missing`);
  return { articles, hot, ...people, now };
}

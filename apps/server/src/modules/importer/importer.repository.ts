// Kysely queries for importing content: upserts of articles (by slug), terms, media and authors.
import { type Kysely, sql } from "kysely";
import type { Database, MediaTable } from "../../db/schema.ts";
import { nameKey } from "../../text/display-names.ts";

type Q = Kysely<Database>;

/** How many articles exist, in any status. */
export async function countArticles(db: Q): Promise<number> {
  const row = await db
    .selectFrom("articles")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The id of the article with this slug, or null. */
export async function findArticleIdBySlug(db: Q, slug: string): Promise<number | null> {
  const row = await db
    .selectFrom("articles")
    .select("id")
    .where("slug", "=", slug)
    .executeTakeFirst();
  return row?.id ?? null;
}

/**
 * The article row an import writes (the studio writes the same shape): excerpt and reading time
 * come from `derivedArticleFields` (articles/article-writes.ts), `publish_date` is ISO 8601,
 * the `source_*` fields credit an imported source (all null for our own articles).
 */
export interface ArticleWrite {
  slug: string;
  title: string;
  sub_title: string;
  content: string;
  excerpt: string;
  reading_time_minutes: number;
  publish_date: string;
  thumbnail_id: number | null;
  author_id: number | null;
  source_name: string | null;
  source_url: string | null;
  source_licence: string | null;
}

/**
 * Inserts the article or, when its slug exists, updates every imported field (clicks and
 * created_at are kept). A single statement, so two importers racing on one slug end with one row.
 * Its last change (`updated_at`, the sitemap's lastmod and the page's dateModified) is the source's
 * own date, its publish date: an import is not an edit.
 * @returns the article id.
 */
export async function upsertArticle(db: Q, a: ArticleWrite, now: string): Promise<number> {
  const row = await db
    .insertInto("articles")
    .values({ ...a, body: 1, status: "published", created_at: now, updated_at: a.publish_date })
    .onConflict((oc) =>
      oc.column("slug").doUpdateSet((eb) => ({
        title: eb.ref("excluded.title"),
        sub_title: eb.ref("excluded.sub_title"),
        content: eb.ref("excluded.content"),
        body: eb.ref("excluded.body"),
        excerpt: eb.ref("excluded.excerpt"),
        reading_time_minutes: eb.ref("excluded.reading_time_minutes"),
        publish_date: eb.ref("excluded.publish_date"),
        thumbnail_id: eb.ref("excluded.thumbnail_id"),
        author_id: eb.ref("excluded.author_id"),
        status: eb.ref("excluded.status"),
        source_name: eb.ref("excluded.source_name"),
        source_url: eb.ref("excluded.source_url"),
        source_licence: eb.ref("excluded.source_licence"),
        updated_at: eb.ref("excluded.updated_at"),
      })),
    )
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A media row to write: public URL, MIME type, size in pixels (null when unknown) and bytes. */
export type MediaWrite = Omit<MediaTable, "id" | "created_at" | "owner_id">;

/** The media row with this URL, or null. */
export async function findMediaByUrl(
  db: Q,
  url: string,
): Promise<{
  id: number;
  mime: string;
  width: number | null;
  height: number | null;
  size_bytes: number;
} | null> {
  const row = await db
    .selectFrom("media")
    .select(["id", "mime", "width", "height", "size_bytes"])
    .where("url", "=", url)
    .executeTakeFirst();
  return row ?? null;
}

/** Inserts a media row or refreshes its alternative text (urls are unique). @returns its id. */
export async function upsertMedia(db: Q, m: MediaWrite, now: string): Promise<number> {
  const row = await db
    .insertInto("media")
    .values({ ...m, created_at: now })
    .onConflict((oc) =>
      oc
        .column("url")
        .doUpdateSet((eb) => ({ alternative_text: eb.ref("excluded.alternative_text") })),
    )
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * Creates or updates an author identified by email (unique): username, bio and picture are
 * refreshed, role and password are left alone. @returns the user id.
 */
export async function upsertAuthorByEmail(
  db: Q,
  a: { username: string; email: string; bio: string | null; profile_picture_id: number | null },
  now: string,
): Promise<number> {
  const row = await db
    .insertInto("users")
    .values({ ...a, username_key: nameKey(a.username), created_at: now, updated_at: now })
    .onConflict((oc) =>
      oc.column("email").doUpdateSet((eb) => ({
        username: eb.ref("excluded.username"),
        username_key: eb.ref("excluded.username_key"),
        bio: eb.ref("excluded.bio"),
        profile_picture_id: eb.ref("excluded.profile_picture_id"),
        updated_at: eb.ref("excluded.updated_at"),
      })),
    )
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * The author standing for a source ("ethereum.org contributors"): a user with this username
 * and no email or password, created when missing. It can never sign in.
 * @returns the user id.
 */
export async function ensureSourceAuthor(
  db: Q,
  a: { username: string; bio: string; profile_picture_id: number | null },
  now: string,
): Promise<number> {
  const existing = await db
    .selectFrom("users")
    .select("id")
    .where("username", "=", a.username)
    .where("email", "is", null)
    .where("password_hash", "is", null)
    .orderBy("id")
    .executeTakeFirst();
  if (existing) {
    await db
      .updateTable("users")
      .set({ bio: a.bio, profile_picture_id: a.profile_picture_id, updated_at: now })
      .where("id", "=", existing.id)
      .execute();
    return existing.id;
  }
  const row = await db
    .insertInto("users")
    .values({
      ...a,
      username_key: nameKey(a.username),
      email: null,
      password_hash: null,
      created_at: now,
      updated_at: now,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Ids of users by username, case-insensitive (keys are lower-cased). */
export async function findUserIdsByUsername(
  db: Q,
  usernames: string[],
): Promise<Map<string, number>> {
  const lowered = [...new Set(usernames.map((u) => u.toLowerCase()))];
  if (lowered.length === 0) return new Map();
  const rows = await db
    .selectFrom("users")
    .select(["id", "username"])
    .where(sql<string>`lower(username)`, "in", lowered)
    .orderBy("id")
    .execute();
  const out = new Map<string, number>();
  for (const r of rows)
    if (!out.has(r.username.toLowerCase())) out.set(r.username.toLowerCase(), r.id);
  return out;
}

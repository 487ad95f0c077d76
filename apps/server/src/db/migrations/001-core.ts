// Core tables: users, media, articles and their terms, likes, bookmarks, daily reads.
import type { Kysely } from "kysely";
import type { Dialect } from "../client.ts";

/** The column types that differ by engine: integer identities and timestamps. */
interface ColumnTypes {
  id: "integer" | "serial";
  ts: "text" | "timestamptz";
}

/** media (uploads and imported images) and users, whose profile picture is a media row. */
async function createMediaAndUsers(db: Kysely<unknown>, { id, ts }: ColumnTypes): Promise<void> {
  await db.schema
    .createTable("media")
    .addColumn("id", id, (c) => c.primaryKey())
    .addColumn("url", "text", (c) => c.notNull().unique())
    .addColumn("mime", "text", (c) => c.notNull())
    .addColumn("width", "integer")
    .addColumn("height", "integer")
    .addColumn("size_bytes", "integer", (c) => c.notNull())
    .addColumn("alternative_text", "text")
    .addColumn("created_at", ts, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("users")
    .addColumn("id", id, (c) => c.primaryKey())
    .addColumn("username", "text", (c) => c.notNull())
    .addColumn("email", "text", (c) => c.unique())
    .addColumn("password_hash", "text")
    .addColumn("role", "text", (c) => c.notNull().defaultTo("member"))
    .addColumn("profile_picture_id", "integer", (c) =>
      c.references("media.id").onDelete("set null"),
    )
    .addColumn("bio", "text")
    .addColumn("token_version", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", ts, (c) => c.notNull())
    .addColumn("updated_at", ts, (c) => c.notNull())
    .execute();
}

/** articles, with the indexes of the reader's two orders (by date, by clicks). */
async function createArticles(db: Kysely<unknown>, { id, ts }: ColumnTypes): Promise<void> {
  await db.schema
    .createTable("articles")
    .addColumn("id", id, (c) => c.primaryKey())
    .addColumn("slug", "text", (c) => c.notNull().unique())
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("sub_title", "text", (c) => c.notNull())
    .addColumn("content", "text", (c) => c.notNull())
    .addColumn("body", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("excerpt", "text", (c) => c.notNull())
    .addColumn("reading_time_minutes", "integer", (c) => c.notNull())
    .addColumn("publish_date", ts, (c) => c.notNull())
    .addColumn("thumbnail_id", "integer", (c) => c.references("media.id").onDelete("set null"))
    .addColumn("author_id", "integer", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("clicks", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("status", "text", (c) => c.notNull().defaultTo("published"))
    .addColumn("source_name", "text")
    .addColumn("source_url", "text")
    .addColumn("source_licence", "text")
    .addColumn("created_at", ts, (c) => c.notNull())
    .addColumn("updated_at", ts, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("articles_status_publish_date")
    .on("articles")
    .columns(["status", "publish_date"])
    .execute();
  await db.schema
    .createIndex("articles_status_clicks")
    .on("articles")
    .columns(["status", "clicks"])
    .execute();
}

/** terms (types, categories, ecosystems, tags; unique by kind and slug) and article_terms. */
async function createTerms(db: Kysely<unknown>, { id }: ColumnTypes): Promise<void> {
  await db.schema
    .createTable("terms")
    .addColumn("id", id, (c) => c.primaryKey())
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("slug", "text", (c) => c.notNull())
    .addUniqueConstraint("terms_kind_slug", ["kind", "slug"])
    .execute();

  await db.schema
    .createTable("article_terms")
    .addColumn("article_id", "integer", (c) =>
      c.notNull().references("articles.id").onDelete("cascade"),
    )
    .addColumn("term_id", "integer", (c) => c.notNull().references("terms.id").onDelete("cascade"))
    .addColumn("position", "integer", (c) => c.notNull())
    .addPrimaryKeyConstraint("article_terms_pk", ["article_id", "term_id"])
    .execute();
  await db.schema.createIndex("article_terms_term").on("article_terms").column("term_id").execute();
}

/** article_likes and article_bookmarks (one per article and member), then article_reads. */
async function createReactionsAndReads(db: Kysely<unknown>, { ts }: ColumnTypes): Promise<void> {
  for (const table of ["article_likes", "article_bookmarks"]) {
    await db.schema
      .createTable(table)
      .addColumn("article_id", "integer", (c) =>
        c.notNull().references("articles.id").onDelete("cascade"),
      )
      .addColumn("user_id", "integer", (c) =>
        c.notNull().references("users.id").onDelete("cascade"),
      )
      .addColumn("created_at", ts, (c) => c.notNull())
      .addPrimaryKeyConstraint(`${table}_pk`, ["article_id", "user_id"])
      .execute();
    await db.schema.createIndex(`${table}_user`).on(table).column("user_id").execute();
  }

  await db.schema
    .createTable("article_reads")
    .addColumn("article_id", "integer", (c) =>
      c.notNull().references("articles.id").onDelete("cascade"),
    )
    .addColumn("visitor", "text", (c) => c.notNull())
    .addColumn("day", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("article_reads_pk", ["article_id", "visitor", "day"])
    .execute();
}

/** Creates the core tables on either engine; ids are integer identities on both. */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const types: ColumnTypes =
    dialect === "sqlite" ? { id: "integer", ts: "text" } : { id: "serial", ts: "timestamptz" };
  await createMediaAndUsers(db, types);
  await createArticles(db, types);
  await createTerms(db, types);
  await createReactionsAndReads(db, types);
}

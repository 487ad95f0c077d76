// Kysely queries for members' uploads: the media row with its owner.
import { type Kysely, sql } from "kysely";
import type { Database } from "../../db/schema.ts";

type Q = Kysely<Database>;

/** Inserts a media row, owned by a member or (`ownerId` null) the publication; returns its id. */
export async function insertMedia(
  db: Q,
  fields: {
    ownerId: number | null;
    url: string;
    mime: string;
    width: number;
    height: number;
    sizeBytes: number;
    now: string;
  },
): Promise<number> {
  const row = await db
    .insertInto("media")
    .values({
      url: fields.url,
      mime: fields.mime,
      width: fields.width,
      height: fields.height,
      size_bytes: fields.sizeBytes,
      alternative_text: null,
      created_at: fields.now,
      owner_id: fields.ownerId,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The id of the media row of `url`, or null when there is none. */
export async function findMediaId(db: Q, url: string): Promise<number | null> {
  const row = await db.selectFrom("media").select("id").where("url", "=", url).executeTakeFirst();
  return row?.id ?? null;
}

/** The image with this id when `ownerId` uploaded it, else null (absent and not-yours look alike). */
export async function findOwnedImage(
  db: Q,
  ownerId: number,
  mediaId: number,
): Promise<{ id: number; url: string } | null> {
  const row = await db
    .selectFrom("media")
    .select(["id", "url"])
    .where("id", "=", mediaId)
    .where("owner_id", "=", ownerId)
    .where("mime", "like", "image/%")
    .executeTakeFirst();
  return row ?? null;
}

/**
 * The image with this id when it is an image of articles' text, which belongs to the publication
 * (no owner, stored under ARTICLE_IMAGES_FOLDER), else null.
 */
export async function findArticleImage(
  db: Q,
  mediaId: number,
  folder: string,
): Promise<{ id: number; url: string } | null> {
  const row = await db
    .selectFrom("media")
    .select(["id", "url"])
    .where("id", "=", mediaId)
    .where("owner_id", "is", null)
    .where("mime", "like", "image/%")
    .executeTakeFirst();
  return row && row.url.includes(`/${folder}/`) ? row : null;
}

/** Every media row whose URL starts with `prefix` (e.g. "/uploads/"), oldest first. */
export async function listMediaUrls(db: Q, prefix: string): Promise<{ id: number; url: string }[]> {
  return (
    db
      .selectFrom("media")
      .select(["id", "url"])
      // A literal prefix, not a LIKE pattern: "_" in it matches only "_".
      .where(sql<string>`substr(url, 1, ${prefix.length})`, "=", prefix)
      .orderBy("id")
      .execute()
  );
}

/**
 * Points the media row `id` at `url`, unless another row already has that URL (URLs are unique).
 * @returns whether the row was changed.
 */
export async function moveMediaUrl(db: Q, id: number, url: string): Promise<boolean> {
  const result = await db
    .updateTable("media")
    .set({ url })
    .where("id", "=", id)
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom("media as other").select("other.id").where("other.url", "=", url))),
    )
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

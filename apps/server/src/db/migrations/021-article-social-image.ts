// An article's social image (docs/product/studio.md#studio-seo): the picture link previews show
// instead of the thumbnail.
import type { Kysely } from "kysely";

/**
 * Adds `articles.social_image_id`, a media id, null for every article until an editor sets one
 * (link previews then show the thumbnail). Like `thumbnail_id`, it becomes null when its media
 * row is deleted.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("articles")
    .addColumn("social_image_id", "integer", (c) => c.references("media.id").onDelete("set null"))
    .execute();
}

// Kysely queries for members' profiles: live members only, profile edits, role, anonymising deletion.
import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.ts";
import { selectUserRows } from "../accounts/accounts.repository.ts";
import type { UserRow } from "../accounts/accounts.service.ts";
import { nameKey } from "../../text/display-names.ts";

/** The user row with this id, deleted or not, else null. */
export { findUserById as findAnyUserById } from "../accounts/accounts.repository.ts";

type Q = Kysely<Database>;

/** The member with this id unless they deleted their account, else null. */
export async function findLiveUserById(db: Q, id: number): Promise<UserRow | null> {
  const row = await selectUserRows(db)
    .where("u.id", "=", id)
    .where("u.deleted_at", "is", null)
    .executeTakeFirst();
  return row ?? null;
}

/**
 * Changes a live member's username and/or profile picture (undefined leaves a field alone, null
 * removes the picture). @returns false when no live member has this id.
 * @throws the engine's unique violation when the new name reads like another live member's
 * (`username_key`).
 */
export async function updateProfile(
  db: Q,
  id: number,
  fields: { username?: string; profilePictureId?: number | null; now: string },
): Promise<boolean> {
  const result = await db
    .updateTable("users")
    .set({
      ...(fields.username !== undefined
        ? { username: fields.username, username_key: nameKey(fields.username) }
        : {}),
      ...(fields.profilePictureId !== undefined
        ? { profile_picture_id: fields.profilePictureId }
        : {}),
      updated_at: fields.now,
    })
    .where("id", "=", id)
    .where("deleted_at", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * Erases a member's personal data in one transaction, so a failure leaves nothing half-deleted:
 * likes, bookmarks, comment likes and reports, one-time codes (password reset, Google hand-off),
 * Max's conversation and their uploads' rows are deleted; the users row stays as "Deleted member" (its comments
 * keep an author) with no email, password hash, picture or bio, role member, `deleted_at` set and
 * the token version bumped, which revokes every session. New tables of member data add their
 * delete here.
 * This is the one query of this module on other modules' tables: an erasure must be atomic.
 * @returns the URLs of the member's uploads (their files are removed after commit), or null when
 * no live member has this id.
 */
export async function anonymise(
  db: Q,
  id: number,
  fields: { username: string; now: string },
): Promise<string[] | null> {
  return db.transaction().execute(async (trx) => {
    const updated = await trx
      .updateTable("users")
      .set((eb) => ({
        username: fields.username,
        username_key: null,
        email: null,
        password_hash: null,
        profile_picture_id: null,
        bio: null,
        role: "member",
        token_version: eb("token_version", "+", 1),
        deleted_at: fields.now,
        updated_at: fields.now,
      }))
      .where("id", "=", id)
      .where("deleted_at", "is", null)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) === 0) return null;
    await trx.deleteFrom("article_likes").where("user_id", "=", id).execute();
    await trx.deleteFrom("article_bookmarks").where("user_id", "=", id).execute();
    await trx.deleteFrom("comment_likes").where("user_id", "=", id).execute();
    await trx.deleteFrom("comment_reports").where("user_id", "=", id).execute();
    await trx.deleteFrom("one_time_codes").where("user_id", "=", id).execute();
    // The thread's messages go with it (foreign key cascade).
    await trx.deleteFrom("assistant_threads").where("user_id", "=", id).execute();
    const media = await trx
      .deleteFrom("media")
      .where("owner_id", "=", id)
      .returning("url")
      .execute();
    return media.map((m) => m.url);
  });
}

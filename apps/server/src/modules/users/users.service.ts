// Members' profiles: who may see and change what (docs/product/accounts.md#permission-matrix,
// docs/product/api.md#api-users; ASVS 8.2.2; Ghost CVE-2024-43409).
import {
  DELETED_MEMBER_NAME,
  type OwnUser,
  type UpdateUserBody,
  type UserPopulateKey,
  type UserView,
} from "@pragmatist/contracts";
import type { Db } from "../../db/client.ts";
import { ForbiddenError, NotFoundError, ValidationError } from "../../errors.ts";
import { toOwnUser, toPublicUser } from "../accounts/accounts.service.ts";
import type { ReactionsService } from "../reactions/reactions.service.ts";
import type { UploadService } from "../uploads/upload.service.ts";
import * as repo from "./users.repository.ts";
import { assertNameNotReserved, withNameTaken } from "../accounts/display-names.ts";

/** Members' profiles: reading, changing and deleting them (users.routes.ts). */
export interface UsersService {
  /**
   * A member's profile (GET /api/users/{id}, docs/product/api.md#api-users). Anyone sees the public
   * fields (id, username, createdAt, profilePicture); the member themself also gets email and role,
   * and with `populate` containing "bookmarked" their bookmarks (private: never shown to anyone
   * else). The profile picture is always included, so "profilePicture" needs no populate.
   * @throws NotFoundError for an unknown or deleted member.
   */
  view(
    id: number,
    viewerId: number | null,
    populate: ReadonlySet<UserPopulateKey>,
  ): Promise<UserView>;
  /**
   * Changes the member's own username and/or profile picture. Object-level authorization (ASVS
   * 8.2.2): only the member themself, whatever the id says. The picture must be an image this
   * member uploaded (`POST /api/upload`); null removes it.
   * @throws ForbiddenError when `id` is not the viewer's; ValidationError for the reserved name
   * "Deleted member" or a picture that is not the member's own upload; NotFoundError when deleted.
   */
  update(viewerId: number, id: number, body: UpdateUserBody): Promise<OwnUser>;
  /**
   * Deletes the member's own account (docs/product/accounts.md#account): email, password, sessions,
   * likes, bookmarks, one-time codes and uploads go; the row stays anonymised as "Deleted member"
   * so future comments keep an author. Old tokens fail from then on (token version bumped).
   * @returns the anonymised user. @throws ForbiddenError for another member's id.
   */
  remove(viewerId: number, id: number): Promise<OwnUser>;
}

/** Builds the users service over its neighbours' services. */
export function createUsersService(
  db: Db,
  deps: {
    reactions: ReactionsService;
    uploads: UploadService;
    /** SITE_NAME: no member may take it as their name. */
    siteName: string;
    now?: () => Date;
  },
): UsersService {
  const k = db.kysely;
  const now = () => (deps.now ?? (() => new Date()))().toISOString();

  function assertOwner(viewerId: number, id: number): void {
    if (viewerId !== id) throw new ForbiddenError("You can only change your own account");
  }

  async function getLive(id: number) {
    const row = await repo.findLiveUserById(k, id);
    if (!row) throw new NotFoundError("User not found");
    return row;
  }

  return {
    async view(id, viewerId, populate) {
      const row = await getLive(id);
      if (viewerId !== row.id) return toPublicUser(row);
      const own = toOwnUser(row);
      if (!populate.has("bookmarked")) return own;
      return { ...own, bookmarked: await deps.reactions.listBookmarks(row.id) };
    },

    async update(viewerId, id, body) {
      assertOwner(viewerId, id);
      if (body.username !== undefined) assertNameNotReserved(body.username, deps.siteName);
      let profilePictureId: number | null | undefined = body.profilePicture;
      if (typeof profilePictureId === "number") {
        const image = await deps.uploads.findOwnedImage(viewerId, profilePictureId);
        if (!image) {
          const message = "profilePicture must be an image you uploaded";
          throw new ValidationError(message, {
            errors: [{ path: ["profilePicture"], message }],
          });
        }
        profilePictureId = image.id;
      }
      const changed = await withNameTaken(() =>
        repo.updateProfile(k, id, {
          ...(body.username !== undefined ? { username: body.username } : {}),
          ...(profilePictureId !== undefined ? { profilePictureId } : {}),
          now: now(),
        }),
      );
      if (!changed) throw new NotFoundError("User not found");
      return toOwnUser(await getLive(id));
    },

    async remove(viewerId, id) {
      assertOwner(viewerId, id);
      const urls = await repo.anonymise(k, id, { username: DELETED_MEMBER_NAME, now: now() });
      if (urls === null) throw new NotFoundError("User not found");
      await deps.uploads.discardFiles(urls);
      const row = await repo.findAnyUserById(k, id);
      if (!row) throw new NotFoundError("User not found");
      return toOwnUser(row);
    },
  };
}

// The authors of an import: those of `authors.json` (our format) with their avatars, and one
// author without credentials per imported source.
import fs from "node:fs";
import path from "node:path";
import { slugify } from "@pragmatist/contracts";
import type { ArticleDraft } from "./article-draft.ts";
import { mediaRow, rasteriseAndStore, type StoredImage } from "./import-media.ts";
import type { ImportRun } from "./import-run.ts";
import * as repo from "./importer.repository.ts";
import { BITCOIN_OPTECH_CREDIT } from "./sources/bitcoin-optech.ts";
import { ETHEREUM_ORG_CREDIT } from "./sources/ethereum-org.ts";
import { AVATAR_SIZE, renderAvatarSvg } from "./thumbnails.ts";

/** Bios of the authors standing for imported sources. */
const SOURCE_AUTHOR_BIOS: Record<string, string> = {
  [ETHEREUM_ORG_CREDIT.author]:
    "Explainers written by the community of ethereum.org, republished under the MIT licence.",
  [BITCOIN_OPTECH_CREDIT.author]:
    "Weekly Bitcoin technical news from Bitcoin Optech, republished under the MIT licence.",
};

interface AuthorEntry {
  username: string;
  email: string | null;
  bio: string | null;
  avatar: string | null;
}

/**
 * Loads `authors.json` at the folder root, if any (`[{username, email, bio, avatar}]`): each
 * author is upserted by email (or kept without credentials when it has none) with its avatar.
 * The file or an entry that is not valid is skipped with a reason in the summary.
 */
export async function importAuthors(run: ImportRun): Promise<void> {
  const list = readAuthorList(run);
  if (!list) return;
  for (const [i, raw] of list.entries()) {
    const entry = parseAuthor(raw);
    if (typeof entry === "string") {
      run.summary.skipped.push({ file: `authors.json[${i}]`, reason: entry });
      continue;
    }
    const avatar = await authorAvatar(run, entry);
    await saveAuthor(run, entry, avatar);
  }
}

/** The entries of `authors.json`; null when there is none or it is not a JSON array (skipped). */
function readAuthorList(run: ImportRun): unknown[] | null {
  const file = path.join(run.root, "authors.json");
  if (!fs.existsSync(file)) return null;
  let list: unknown;
  try {
    list = JSON.parse(fs.readFileSync(file, "utf8"));
  } catch (err) {
    run.summary.skipped.push({
      file: "authors.json",
      reason: `not valid JSON: ${(err as Error).message}`,
    });
    return null;
  }
  if (!Array.isArray(list)) {
    run.summary.skipped.push({ file: "authors.json", reason: "expected an array of authors" });
    return null;
  }
  return list;
}

/** One `authors.json` entry, trimmed (email lower-cased), or the reason it is not usable. */
function parseAuthor(raw: unknown): AuthorEntry | string {
  if (typeof raw !== "object" || raw === null) return "not an object";
  const o = raw as Record<string, unknown>;
  const username = typeof o.username === "string" ? o.username.trim() : "";
  if (!username) return "no username";
  const email = typeof o.email === "string" && o.email.trim() ? o.email.trim().toLowerCase() : null;
  if (email && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) return `bad email "${email}"`;
  return {
    username,
    email,
    bio: typeof o.bio === "string" && o.bio.trim() ? o.bio.trim() : null,
    avatar: typeof o.avatar === "string" && o.avatar.trim() ? o.avatar.trim() : null,
  };
}

/** The author's avatar SVG (relative to the folder) as stored WebP; drawn when missing or bad. */
async function authorAvatar(run: ImportRun, entry: AuthorEntry): Promise<StoredImage> {
  const avatarFile = entry.avatar ? path.resolve(run.root, entry.avatar) : null;
  const target = { folder: "avatars", name: slugify(entry.username), size: AVATAR_SIZE };
  try {
    const svg =
      avatarFile && fs.existsSync(avatarFile) ? await fs.promises.readFile(avatarFile) : null;
    if (avatarFile && !svg) {
      run.log.warn({ file: avatarFile }, "avatar missing, drawing one instead");
    }
    return await rasteriseAndStore(run, target, svg ?? renderAvatarSvg(entry.username));
  } catch (err) {
    run.log.warn({ err, file: avatarFile }, "avatar unreadable, drawing one instead");
    return rasteriseAndStore(run, target, renderAvatarSvg(entry.username));
  }
}

/** One transaction: the avatar's media row, then the author (by email, else without one). */
async function saveAuthor(run: ImportRun, entry: AuthorEntry, avatar: StoredImage): Promise<void> {
  const { now } = run;
  await run.services.db.kysely.transaction().execute(async (trx) => {
    const pictureId = await repo.upsertMedia(trx, mediaRow(avatar, entry.username), now());
    if (entry.email) {
      await repo.upsertAuthorByEmail(
        trx,
        {
          username: entry.username,
          email: entry.email,
          bio: entry.bio,
          profile_picture_id: pictureId,
        },
        now(),
      );
    } else {
      await repo.ensureSourceAuthor(
        trx,
        { username: entry.username, bio: entry.bio ?? "", profile_picture_id: pictureId },
        now(),
      );
    }
  });
}

/**
 * The authors of the drafts: ours looked up by username (case-insensitive), and one author per
 * imported source, created or updated with a drawn avatar and a bio but no email or password.
 * @returns the author id of a draft; undefined when its username is unknown.
 */
export async function resolveAuthors(
  run: ImportRun,
  drafts: ArticleDraft[],
): Promise<(draft: ArticleDraft) => number | undefined> {
  const userIds = await repo.findUserIdsByUsername(
    run.services.db.kysely,
    drafts.flatMap((d) => (d.authorUsername ? [d.authorUsername] : [])),
  );
  const sourceAuthorIds = new Map<string, number>();
  for (const name of new Set(drafts.flatMap((d) => (d.sourceAuthor ? [d.sourceAuthor] : [])))) {
    sourceAuthorIds.set(name, await saveSourceAuthor(run, name));
  }
  return (draft) =>
    draft.authorUsername
      ? userIds.get(draft.authorUsername.toLowerCase())
      : draft.sourceAuthor
        ? sourceAuthorIds.get(draft.sourceAuthor)
        : undefined;
}

/** The author standing for a source: its drawn avatar and its row, in one transaction. */
async function saveSourceAuthor(run: ImportRun, name: string): Promise<number> {
  const avatar = await rasteriseAndStore(
    run,
    { folder: "avatars", name: slugify(name), size: AVATAR_SIZE },
    renderAvatarSvg(name),
  );
  const { now } = run;
  return run.services.db.kysely.transaction().execute(async (trx) => {
    const pictureId = await repo.upsertMedia(trx, mediaRow(avatar, name), now());
    return repo.ensureSourceAuthor(
      trx,
      {
        username: name,
        bio: SOURCE_AUTHOR_BIOS[name] ?? `Articles republished from ${name}.`,
        profile_picture_id: pictureId,
      },
      now(),
    );
  });
}

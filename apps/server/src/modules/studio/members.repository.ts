// Kysely queries for the studio's members: search, role changes that keep an admin, staff accounts.
import { type Kysely, sql } from "kysely";
import type { Dialect } from "../../db/client.ts";
import type { Database } from "../../db/schema.ts";
import { containsTextIndexed } from "../../db/patterns.ts";
import { nameKey } from "../../text/display-names.ts";

type Q = Kysely<Database>;

/** A live member as the studio lists them, with their ban from commenting (both null if none). */
export interface MemberRow {
  id: number;
  username: string;
  email: string | null;
  role: string;
  created_at: string;
  ban_reason: string | null;
  banned_at: string | null;
}

/** Live (not deleted) accounts with their ban, if any. */
function members(db: Q) {
  return db
    .selectFrom("users as u")
    .leftJoin("comment_bans as b", "b.user_id", "u.id")
    .where("u.deleted_at", "is", null);
}

const columns = [
  "u.id",
  "u.username",
  "u.email",
  "u.role",
  "u.created_at",
  "b.reason as ban_reason",
  "b.created_at as banned_at",
] as const;

/** A live (not deleted) member by id, with their ban, or null. */
export async function findMember(db: Q, id: number): Promise<MemberRow | null> {
  const row = await members(db).select(columns).where("u.id", "=", id).executeTakeFirst();
  return row ?? null;
}

/** A live member by (normalised, lowercase) email, with their ban, or null. */
export async function findMemberByEmail(db: Q, email: string): Promise<MemberRow | null> {
  const row = await members(db).select(columns).where("u.email", "=", email).executeTakeFirst();
  return row ?? null;
}

/**
 * The most members a search of 1 or 2 characters tests, the newest: it has no trigram, so it
 * reads every member it tests (docs/product/studio.md#studio-members).
 */
export const SHORT_SEARCH_NEWEST = 5_000;

/**
 * The `n` newest live members' ids, names and emails, skipping `offset` (a walk of
 * `users_live_newest` that the limit stops).
 */
function newestMembers(db: Q, n: number, offset = 0) {
  return db
    .selectFrom("users")
    .select(["id", "username", "email"])
    .where("deleted_at", "is", null)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(n)
    .offset(offset);
}

/**
 * A page of live members on `dialect`, newest first (`users_live_newest`): `q` matches part of
 * the username or email (case-insensitive, found through their trigram index: migration 029;
 * under 3 characters, among the `SHORT_SEARCH_NEWEST` newest members only), `role` one role; the
 * page's ids first, then their rows and bans. @returns the rows, how many match, and
 * `searchedNewest` when a short search left older members out.
 */
export async function listMembers(
  db: Q,
  dialect: Dialect,
  filter: { q?: string | undefined; role?: string | undefined },
  page: { limit: number; offset: number },
): Promise<{ rows: MemberRow[]; total: number; searchedNewest?: number }> {
  // The ban (at most one a member) changes no count: the total reads the members alone.
  let live = db.selectFrom("users as u").where("u.deleted_at", "is", null);
  const short = filter.q !== undefined && [...filter.q].length < 3;
  if (filter.q) {
    const q = filter.q;
    const matches = (t: "u" | "w") =>
      containsTextIndexed(
        dialect,
        [sql.ref(`${t}.username`), sql`coalesce(${sql.ref(`${t}.email`)}, '')`],
        q,
        { table: "member_names", id: sql.ref(`${t}.id`) },
      );
    // A short search tests the window's rows inside it (its limit comes first on both engines;
    // PostgreSQL otherwise read every member, counting on the LIKE to be selective).
    const window = db
      .selectFrom(newestMembers(db, SHORT_SEARCH_NEWEST).as("w"))
      .select("w.id")
      .where(matches("w"));
    live = short ? live.where("u.id", "in", window) : live.where(matches("u"));
  }
  if (filter.role) live = live.where("u.role", "=", filter.role);
  // A search's matches are gathered first (a materialized CTE), then ordered: walking the newest
  // first through users_live_newest until a page of them is found reads every newer member when
  // the matches are old ones (PostgreSQL: 87,000 rows, 84 ms for a search with 1,111 matches).
  const ids = filter.q
    ? db
        .with(
          (w) => w("m").materialized(),
          () => live.select(["u.id", "u.created_at"]),
        )
        .selectFrom("m")
        .select("m.id")
        .orderBy("m.created_at", "desc")
        .orderBy("m.id", "desc")
        .limit(page.limit)
        .offset(page.offset)
    : live
        .select("u.id")
        .orderBy("u.created_at", "desc")
        .orderBy("u.id", "desc")
        .limit(page.limit)
        .offset(page.offset);
  const [count, rows, older] = await Promise.all([
    live.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow(),
    members(db)
      .select(columns)
      .where("u.id", "in", ids)
      .orderBy("u.created_at", "desc")
      .orderBy("u.id", "desc")
      .execute(),
    short ? newestMembers(db, 1, SHORT_SEARCH_NEWEST).executeTakeFirst() : undefined,
  ]);
  const total = Number(count.n);
  return older ? { rows, total, searchedNewest: SHORT_SEARCH_NEWEST } : { rows, total };
}

/**
 * Gives a live member `role`, in one statement that refuses to take the role away from the last
 * live admin (so two admins demoting themselves at once cannot both succeed on SQLite; on
 * PostgreSQL the window is one statement wide).
 * @returns false when refused (last admin) or the member is gone.
 */
export async function setRoleKeepingAnAdmin(
  db: Q,
  id: number,
  role: string,
  now: string,
): Promise<boolean> {
  let qb = db
    .updateTable("users")
    .set({ role, updated_at: now })
    .where("id", "=", id)
    .where("deleted_at", "is", null);
  if (role !== "admin") {
    qb = qb.where((eb) =>
      eb.or([
        eb("role", "<>", "admin"),
        eb.exists(
          eb
            .selectFrom("users as other")
            .select(sql.lit(1).as("one"))
            .where("other.role", "=", "admin")
            .where("other.deleted_at", "is", null)
            .where("other.id", "<>", id),
        ),
      ]),
    );
  }
  const result = await qb.executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * Creates an account with no password (it is set through a mailed reset link) and a role.
 * @returns its id, or null when the email is taken.
 */
export async function insertAccount(
  db: Q,
  a: { username: string; email: string; role: string },
  now: string,
): Promise<number | null> {
  const row = await db
    .insertInto("users")
    .values({
      ...a,
      username_key: nameKey(a.username),
      password_hash: null,
      created_at: now,
      updated_at: now,
    })
    .onConflict((oc) => oc.column("email").doNothing())
    .returning("id")
    .executeTakeFirst();
  return row?.id ?? null;
}

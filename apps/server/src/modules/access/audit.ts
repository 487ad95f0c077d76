// The studio's audit log (docs/product/studio.md#studio): who published, unpublished, scheduled or
// deleted an article, changed a role, banned a member or moderated a comment, and when (OWASP ASVS
// 7.1, 7.2).
import { paginationMeta } from "@pragmatist/contracts";
import type {
  AuditAction,
  AuditEntry,
  AuditTargetType,
  PaginationMeta,
} from "@pragmatist/contracts";
import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.ts";
import { truncateText } from "../../text/excerpts.ts";
import { memberRef } from "./member-ref.ts";

/** The most characters of a comment the log quotes. */
const QUOTE_MAX = 120;

type Q = Kysely<Database>;

/** One action to record; `details` is a small JSON object (never a secret or a whole text). */
export interface AuditRecord {
  /** The signed-in member; null for the command line. */
  actorId: number | null;
  action: AuditAction;
  targetType: AuditTargetType;
  targetId: number | null;
  details?: Record<string, unknown>;
}

/**
 * Appends an entry at `at` (ISO 8601). Takes the query builder of the caller's transaction when
 * there is one, so an action and its entry are written together or not at all.
 */
export async function recordAudit(db: Q, entry: AuditRecord, at: string): Promise<void> {
  await db
    .insertInto("audit_log")
    .values({
      actor_id: entry.actorId,
      action: entry.action,
      target_type: entry.targetType,
      target_id: entry.targetId,
      details: JSON.stringify(entry.details ?? {}),
      at,
    })
    .execute();
}

/** Filters of the audit list. */
export interface AuditFilter {
  action?: AuditAction | undefined;
  targetType?: AuditTargetType | undefined;
  targetId?: number | undefined;
}

/** An entry's target as it is now (`AuditEntry["target"]`), by "type:id". */
type Targets = Map<string, AuditEntry["target"]>;

/**
 * The names (and a comment's opening words) of the targets of `rows`, read now in one query per
 * kind: members, articles, newsletter issues and comments (with their authors).
 */
async function targetsOf(
  db: Q,
  rows: { target_type: string; target_id: number | null }[],
): Promise<Targets> {
  const ids = (type: AuditTargetType) => [
    ...new Set(rows.flatMap((r) => (r.target_type === type && r.target_id ? [r.target_id] : []))),
  ];
  const of = <T>(list: number[], read: (list: number[]) => Promise<T[]>) =>
    list.length ? read(list) : Promise.resolve([] as T[]);
  const [members, articles, issues, comments] = await Promise.all([
    of(ids("member"), (list) =>
      db.selectFrom("users").select(["id", "username"]).where("id", "in", list).execute(),
    ),
    of(ids("article"), (list) =>
      db.selectFrom("articles").select(["id", "title"]).where("id", "in", list).execute(),
    ),
    of(ids("newsletter-issue"), (list) =>
      db
        .selectFrom("newsletter_issues")
        .select(["id", "subject"])
        .where("id", "in", list)
        .execute(),
    ),
    of(ids("comment"), (list) =>
      db
        .selectFrom("comments as c")
        .leftJoin("users as u", "u.id", "c.author_id")
        .select(["c.id", "c.content", "c.deleted_at", "u.username"])
        .where("c.id", "in", list)
        .execute(),
    ),
  ]);
  const targets: Targets = new Map();
  for (const m of members) targets.set(`member:${m.id}`, { name: m.username, quote: null });
  for (const a of articles) targets.set(`article:${a.id}`, { name: a.title, quote: null });
  for (const i of issues) targets.set(`newsletter-issue:${i.id}`, { name: i.subject, quote: null });
  for (const c of comments) {
    const quote = c.deleted_at ? null : truncateText(c.content.replace(/\s+/g, " "), QUOTE_MAX);
    targets.set(`comment:${c.id}`, { name: c.username, quote });
  }
  return targets;
}

/** A page of entries matching `filter`, newest first (ties by id, newest first). */
export async function listAudit(
  db: Q,
  filter: AuditFilter,
  page: { page: number; pageSize: number },
): Promise<{ data: AuditEntry[]; meta: { pagination: PaginationMeta } }> {
  let qb = db.selectFrom("audit_log as l");
  if (filter.action) qb = qb.where("l.action", "=", filter.action);
  if (filter.targetType) qb = qb.where("l.target_type", "=", filter.targetType);
  if (filter.targetId !== undefined) qb = qb.where("l.target_id", "=", filter.targetId);
  const [count, rows] = await Promise.all([
    qb.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow(),
    qb
      .leftJoin("users as u", "u.id", "l.actor_id")
      .select([
        "l.id",
        "l.actor_id",
        "u.username",
        "l.action",
        "l.target_type",
        "l.target_id",
        "l.details",
        "l.at",
      ])
      .orderBy("l.at", "desc")
      .orderBy("l.id", "desc")
      .limit(page.pageSize)
      .offset((page.page - 1) * page.pageSize)
      .execute(),
  ]);
  const targets = await targetsOf(db, rows);
  return {
    data: rows.map((r) => ({
      id: r.id,
      actor: memberRef(r.actor_id, r.username),
      action: r.action as AuditAction,
      targetType: r.target_type as AuditTargetType,
      targetId: r.target_id,
      target: targets.get(`${r.target_type}:${r.target_id}`) ?? { name: null, quote: null },
      details: JSON.parse(r.details) as Record<string, unknown>,
      at: r.at,
    })),
    meta: { pagination: paginationMeta(page.page, page.pageSize, Number(count.n)) },
  };
}

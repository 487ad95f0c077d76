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
import { memberRef } from "./member-ref.ts";

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
  return {
    data: rows.map((r) => ({
      id: r.id,
      actor: memberRef(r.actor_id, r.username),
      action: r.action as AuditAction,
      targetType: r.target_type as AuditTargetType,
      targetId: r.target_id,
      details: JSON.parse(r.details) as Record<string, unknown>,
      at: r.at,
    })),
    meta: { pagination: paginationMeta(page.page, page.pageSize, Number(count.n)) },
  };
}

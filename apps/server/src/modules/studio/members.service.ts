// Members and the audience for admins (issue #7): the members list, role changes that always leave
// an admin, staff accounts for the command line, newsletter subscribers and the audit log.
import { paginationMeta } from "@pragmatist/contracts";
import type {
  AuditEntry,
  PaginationMeta,
  Role,
  StudioMember,
  Subscriber,
} from "@pragmatist/contracts";
import type { Db } from "../../db/client.ts";
import { NotFoundError, ValidationError } from "../../errors.ts";
import type { NewsletterService } from "../newsletter/newsletter.service.ts";
import { type AuditFilter, listAudit, recordAudit } from "./audit.ts";
import * as repo from "./members.repository.ts";
import { type Actor, authorize } from "./policy.ts";
import { ConflictError } from "./conflict-error.ts";

type Page<T> = { data: T[]; meta: { pagination: PaginationMeta } };
interface PageQuery {
  page: number;
  pageSize: number;
}

export interface MembersService {
  /** Live members by part of their name or email and by role, newest first. Admins only. */
  list(
    actor: Actor | null,
    query: PageQuery & { q?: string | undefined; role?: Role | undefined },
  ): Promise<Page<StudioMember>>;
  /**
   * Gives a member a role; audited with the old and new role. The last admin cannot give up the
   * role (409: make another member admin first). Admins only. @throws NotFoundError
   */
  setRole(actor: Actor | null, userId: number, role: Role): Promise<StudioMember>;
  /**
   * Creates an account with a role and no password, for `npm run user:role -- --create` (the new
   * member sets a password through the mailed invitation); audited as a role change by the command line.
   * @throws ValidationError when the email is taken.
   */
  createAccount(input: { email: string; username: string; role: Role }): Promise<StudioMember>;
  /**
   * Gives the live member with this email a role from the command line (`npm run user:role`, no
   * signed-in actor): the change and its audit entry in one transaction, with the studio's rule
   * that the last admin cannot give up the role.
   * @throws NotFoundError (no live member has the email), ConflictError (the last admin).
   */
  setRoleFromCommandLine(email: string, role: Role): Promise<StudioMember>;
  /** Newsletter subscribers by part of the email and status, newest first. Editors and admins. */
  subscribers(
    actor: Actor | null,
    query: PageQuery & { q?: string | undefined; status?: Subscriber["status"] | undefined },
  ): Promise<Page<Subscriber>>;
  /** The newsletter module's CSV export of confirmed subscribers. Editors and admins. */
  subscribersCsv(actor: Actor | null): Promise<string>;
  /** The audit log, newest first. Editors and admins (read only: nothing changes it). */
  audit(actor: Actor | null, query: PageQuery & AuditFilter): Promise<Page<AuditEntry>>;
}

/** Why the last admin cannot give up the role (409), in the studio and on the command line. */
const LAST_ADMIN = "The publication needs at least one admin: make another member admin first";

function toMember(row: repo.MemberRow): StudioMember {
  return {
    id: row.id,
    username: row.username,
    email: row.email,
    role: row.role as Role,
    createdAt: row.created_at,
    ban:
      row.ban_reason !== null && row.banned_at !== null
        ? { reason: row.ban_reason, createdAt: row.banned_at }
        : null,
  };
}

/** Builds the service; `now` is the injectable clock. */
export function createMembersService(
  db: Db,
  deps: { newsletter: Pick<NewsletterService, "exportCsv" | "list">; now: () => Date },
): MembersService {
  const k = db.kysely;
  const stamp = () => deps.now().toISOString();
  const window = (q: PageQuery) => ({ limit: q.pageSize, offset: (q.page - 1) * q.pageSize });

  async function get(userId: number): Promise<repo.MemberRow> {
    const row = await repo.findMember(k, userId);
    if (!row) throw new NotFoundError("Member not found");
    return row;
  }

  return {
    async list(actor, query) {
      authorize(actor, "member.list");
      const { rows, total } = await repo.listMembers(k, query, window(query));
      return {
        data: rows.map(toMember),
        meta: { pagination: paginationMeta(query.page, query.pageSize, total) },
      };
    },

    async setRole(actor, userId, role) {
      authorize(actor, "member.role");
      const before = await get(userId);
      if (before.role === role) return toMember(before);
      const at = stamp();
      await k.transaction().execute(async (trx) => {
        if (!(await repo.setRoleKeepingAnAdmin(trx, userId, role, at))) {
          if (!(await repo.findMember(trx, userId))) throw new NotFoundError("Member not found");
          throw new ConflictError(LAST_ADMIN);
        }
        await recordAudit(
          trx,
          {
            actorId: actor.id,
            action: "member.role",
            targetType: "member",
            targetId: userId,
            details: { from: before.role, to: role },
          },
          at,
        );
      });
      return toMember(await get(userId));
    },

    async createAccount(input) {
      const at = stamp();
      const id = await k.transaction().execute(async (trx) => {
        const created = await repo.insertAccount(trx, input, at);
        if (created === null) {
          throw new ValidationError(`An account with the email ${input.email} exists`);
        }
        await recordAudit(
          trx,
          {
            actorId: null,
            action: "member.role",
            targetType: "member",
            targetId: created,
            details: { from: null, to: input.role, via: "command line" },
          },
          at,
        );
        return created;
      });
      return toMember(await get(id));
    },

    async setRoleFromCommandLine(email, role) {
      const at = stamp();
      const id = await k.transaction().execute(async (trx) => {
        const member = await repo.findMemberByEmail(trx, email.trim().toLowerCase());
        if (!member) throw new NotFoundError(`No account with the email ${email}`);
        if (member.role === role) return member.id;
        if (!(await repo.setRoleKeepingAnAdmin(trx, member.id, role, at))) {
          throw new ConflictError(LAST_ADMIN);
        }
        await recordAudit(
          trx,
          {
            actorId: null,
            action: "member.role",
            targetType: "member",
            targetId: member.id,
            details: { from: member.role, to: role, via: "command line" },
          },
          at,
        );
        return member.id;
      });
      return toMember(await get(id));
    },

    async subscribers(actor, query) {
      authorize(actor, "subscriber.read");
      const { rows, total } = await deps.newsletter.list(query, window(query));
      return {
        data: rows.map((r) => ({
          id: r.id,
          email: r.email,
          status: r.status,
          createdAt: r.created_at,
          confirmedAt: r.confirmed_at,
        })),
        meta: { pagination: paginationMeta(query.page, query.pageSize, total) },
      };
    },

    async subscribersCsv(actor) {
      authorize(actor, "subscriber.read");
      return deps.newsletter.exportCsv();
    },

    async audit(actor, query) {
      authorize(actor, "audit.read");
      return listAudit(k, query, query);
    },
  };
}

// Members and the audience for admins (docs/product/studio.md#studio): the members list, role
// changes that always leave an admin, staff accounts for the command line, newsletter subscribers
// and the audit log.
import { paginationMeta } from "@pragmatist/contracts";
import type {
  AuditEntry,
  MemberList,
  PaginationMeta,
  Role,
  StudioMember,
  Subscriber,
} from "@pragmatist/contracts";
import type { Readable } from "node:stream";
import type { Kysely } from "kysely";
import type { Db, Dialect } from "../../db/client.ts";
import type { Database } from "../../db/schema.ts";
import { ConflictError, NotFoundError, ValidationError } from "../../errors.ts";
import type { NewsletterService } from "../newsletter/newsletter.service.ts";
import { type AuditFilter, listAudit, recordAudit } from "../access/audit.ts";
import * as repo from "./members.repository.ts";
import { type Actor, authorize } from "../access/policy.ts";
import { withNameTaken } from "../accounts/display-names.ts";

/** One page of a list, with its pagination (Strapi's `meta.pagination`). */
type Page<T> = { data: T[]; meta: { pagination: PaginationMeta } };
/** The page asked for: 1-based `page` of `pageSize` rows. */
interface PageQuery {
  page: number;
  pageSize: number;
}

/** Members, roles, newsletter subscribers and the audit log, as the studio's admins see them. */
export interface MembersService {
  /**
   * Live members by part of their name or email and by role, newest first (a search of 1 or 2
   * characters among the newest `SHORT_SEARCH_NEWEST`, saying so). Admins only.
   */
  list(
    actor: Actor | null,
    query: PageQuery & { q?: string | undefined; role?: Role | undefined },
  ): Promise<MemberList>;
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
  subscribersCsv(actor: Actor | null): Readable;
  /** The audit log, newest first. Editors and admins (read only: nothing changes it). */
  audit(actor: Actor | null, query: PageQuery & AuditFilter): Promise<Page<AuditEntry>>;
}

/** Why the last admin cannot give up the role (409), in the studio and on the command line. */
const LAST_ADMIN = "The publication needs at least one admin: make another member admin first";

/** A member as the studio shows it, with their ban from commenting, if any. */
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

/** What the members service runs with: the query builder, the clock and the newsletter. */
interface MembersContext {
  k: Kysely<Database>;
  dialect: Dialect;
  /** The current instant, ISO 8601. */
  stamp: () => string;
  newsletter: Pick<NewsletterService, "exportCsv" | "list">;
}

/** The `limit` and `offset` of a 1-based page. */
const window = (q: PageQuery) => ({ limit: q.pageSize, offset: (q.page - 1) * q.pageSize });

/** The member `userId`, as stored. @throws NotFoundError */
async function get(ctx: MembersContext, userId: number): Promise<repo.MemberRow> {
  const row = await repo.findMember(ctx.k, userId);
  if (!row) throw new NotFoundError("Member not found");
  return row;
}

/** Records a role change of `targetId` by `actorId` (null: the command line) in `trx`. */
function auditRole(
  trx: Kysely<Database>,
  actorId: number | null,
  targetId: number,
  details: Record<string, unknown>,
  at: string,
): Promise<void> {
  return recordAudit(
    trx,
    { actorId, action: "member.role", targetType: "member", targetId, details },
    at,
  );
}

/** `MembersService.list`. */
async function list(
  ctx: MembersContext,
  actor: Actor | null,
  query: PageQuery & { q?: string | undefined; role?: Role | undefined },
): Promise<MemberList> {
  authorize(actor, "member.list");
  const { rows, total, searchedNewest } = await repo.listMembers(
    ctx.k,
    ctx.dialect,
    query,
    window(query),
  );
  const pagination = paginationMeta(query.page, query.pageSize, total);
  return {
    data: rows.map(toMember),
    meta: { pagination, ...(searchedNewest && { searchedNewest }) },
  };
}

/** `MembersService.setRole`: the change and its audit entry in one transaction. */
async function setRole(
  ctx: MembersContext,
  actor: Actor | null,
  userId: number,
  role: Role,
): Promise<StudioMember> {
  authorize(actor, "member.role");
  const before = await get(ctx, userId);
  if (before.role === role) return toMember(before);
  const at = ctx.stamp();
  await ctx.k.transaction().execute(async (trx) => {
    if (!(await repo.setRoleKeepingAnAdmin(trx, userId, role, at))) {
      if (!(await repo.findMember(trx, userId))) throw new NotFoundError("Member not found");
      throw new ConflictError(LAST_ADMIN);
    }
    await auditRole(trx, actor.id, userId, { from: before.role, to: role }, at);
  });
  return toMember(await get(ctx, userId));
}

/** `MembersService.createAccount`: the account and its audit entry in one transaction. */
async function createAccount(
  ctx: MembersContext,
  input: { email: string; username: string; role: Role },
): Promise<StudioMember> {
  const at = ctx.stamp();
  const id = await ctx.k.transaction().execute(async (trx) => {
    const created = await withNameTaken(() => repo.insertAccount(trx, input, at));
    if (created === null) {
      throw new ValidationError(`An account with the email ${input.email} exists`);
    }
    await auditRole(trx, null, created, { from: null, to: input.role, via: "command line" }, at);
    return created;
  });
  return toMember(await get(ctx, id));
}

/** `MembersService.setRoleFromCommandLine`. */
async function setRoleFromCommandLine(
  ctx: MembersContext,
  email: string,
  role: Role,
): Promise<StudioMember> {
  const at = ctx.stamp();
  const id = await ctx.k.transaction().execute(async (trx) => {
    const member = await repo.findMemberByEmail(trx, email.trim().toLowerCase());
    if (!member) throw new NotFoundError(`No account with the email ${email}`);
    if (member.role === role) return member.id;
    if (!(await repo.setRoleKeepingAnAdmin(trx, member.id, role, at))) {
      throw new ConflictError(LAST_ADMIN);
    }
    const details = { from: member.role, to: role, via: "command line" };
    await auditRole(trx, null, member.id, details, at);
    return member.id;
  });
  return toMember(await get(ctx, id));
}

/** `MembersService.subscribers`: the newsletter's list in the studio's shape. */
async function subscribers(
  ctx: MembersContext,
  actor: Actor | null,
  query: PageQuery & { q?: string | undefined; status?: Subscriber["status"] | undefined },
): Promise<Page<Subscriber>> {
  authorize(actor, "subscriber.read");
  const { rows, total } = await ctx.newsletter.list(query, window(query));
  return {
    data: rows.map((r) => ({
      id: r.id,
      email: r.email,
      status: r.status,
      createdAt: r.created_at,
      confirmedAt: r.confirmed_at,
      member: r.member,
    })),
    meta: { pagination: paginationMeta(query.page, query.pageSize, total) },
  };
}

/** Builds the service over the newsletter's subscribers; `now` is the injectable clock. */
export function createMembersService(
  db: Db,
  deps: { newsletter: Pick<NewsletterService, "exportCsv" | "list">; now: () => Date },
): MembersService {
  const ctx: MembersContext = {
    k: db.kysely,
    dialect: db.dialect,
    stamp: () => deps.now().toISOString(),
    newsletter: deps.newsletter,
  };
  return {
    list: (actor, query) => list(ctx, actor, query),
    setRole: (actor, userId, role) => setRole(ctx, actor, userId, role),
    createAccount: (input) => createAccount(ctx, input),
    setRoleFromCommandLine: (email, role) => setRoleFromCommandLine(ctx, email, role),
    subscribers: (actor, query) => subscribers(ctx, actor, query),
    subscribersCsv(actor) {
      authorize(actor, "subscriber.read");
      return deps.newsletter.exportCsv();
    },
    async audit(actor, query) {
      authorize(actor, "audit.read");
      return listAudit(ctx.k, query, query);
    },
  };
}

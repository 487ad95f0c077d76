// Newsletter issues (docs/product/newsletter.md#newsletter-sending): the studio's drafts, preview,
// test, send, cancel and figures, and the public archive, web versions and click redirects.
import {
  type CreateIssueBody,
  type IssueStats,
  type IssueStatus,
  paginationMeta,
  type PaginationMeta,
  type PublicIssue,
  type PublicIssueList,
  type StudioIssue,
  type UpdateIssueBody,
} from "@pragmatist/contracts";
import type { Db } from "../../db/client.ts";
import { NotFoundError } from "../../errors.ts";
import type { RateLimits } from "../../plugins/rate-limit.ts";
import type { MailLogger, Mailer } from "../mail/mailer.ts";
import { type Actor, authorize } from "../access/policy.ts";
import { countByState } from "./delivery-recipients.repository.ts";
import { personalize, type MailSite } from "./issue-email.ts";
import { countClick, findLink, linkClicks, redirectTarget } from "./issue-links.ts";
import { type IssuesContext, loadIssue, presentContext, renderLoaded } from "./issues.context.ts";
import { toPublicIssue, toPublicSummary, toStudioIssue } from "./issues.present.ts";
import * as repo from "./issues.repository.ts";
import * as writes from "./issues.writes.ts";
import { unsubscribeUrl } from "./delivery-messages.ts";

/** A page of the studio's issues. */
type Page<T> = { data: T[]; meta: { pagination: PaginationMeta } };

/** Newsletter issues as the studio (editors, admins) and readers use them. */
export interface IssuesService {
  /** Issues, newest first, by status. */
  list(
    actor: Actor | null,
    query: { status?: IssueStatus | undefined; page: number; pageSize: number },
  ): Promise<Page<StudioIssue>>;
  /** One issue. @throws NotFoundError */
  get(actor: Actor | null, id: number): Promise<StudioIssue>;
  /** A draft from an article (post) or the week's articles (digest). @throws ValidationError */
  create(actor: Actor | null, data: CreateIssueBody["data"]): Promise<StudioIssue>;
  /** Changes a draft. @throws NotFoundError, ConflictError (not a draft), ValidationError */
  update(actor: Actor | null, id: number, data: UpdateIssueBody["data"]): Promise<StudioIssue>;
  /** Deletes a draft; the issue as it was. @throws NotFoundError, ConflictError */
  remove(actor: Actor | null, id: number): Promise<StudioIssue>;
  /** The mail as it would go out now: subject, HTML and text (inert unsubscribe link). */
  preview(
    actor: Actor | null,
    id: number,
  ): Promise<{ subject: string; html: string; text: string }>;
  /** Sends the issue to the caller's own address. @throws RateLimitError (10 an hour) */
  sendTest(actor: Actor | null, id: number, log: MailLogger): Promise<{ to: string }>;
  /**
   * Starts the send to the one list: every confirmed address, each once, except suppressed ones
   * (docs/product/newsletter.md#newsletter-sending). @throws ConflictError when not a draft
   */
  send(actor: Actor | null, id: number): Promise<StudioIssue>;
  /** Stops a send in progress. @throws ConflictError when not sending */
  cancel(actor: Actor | null, id: number): Promise<StudioIssue>;
  /** Delivery figures of an issue (docs/product/newsletter.md#newsletter-sending). */
  stats(actor: Actor | null, id: number): Promise<IssueStats>;
  /** The public archive: issues that went out, newest first. */
  archive(page: { page: number; pageSize: number }): Promise<PublicIssueList>;
  /** The web version of an issue whose send started. @throws NotFoundError */
  webVersion(slug: string): Promise<PublicIssue>;
  /**
   * Where `/r/{token}` sends the browser (redirectTarget), counting the click when tracking is on
   * (at most 120 counted a minute per IP); null for an unknown token or a target not allowed.
   */
  follow(token: string, ip: string): Promise<string | null>;
}

/** `IssuesService.stats`. */
async function stats(ctx: IssuesContext, actor: Actor | null, id: number): Promise<IssueStats> {
  authorize(actor, "newsletter.manage");
  await loadIssue(ctx, id);
  const [{ byState, unsubscribes }, links] = await Promise.all([
    countByState(ctx.k, id),
    linkClicks(ctx.k, id),
  ]);
  const n = (state: Parameters<typeof byState.get>[0]) => byState.get(state) ?? 0;
  const recipients = [...byState.values()].reduce((a, b) => a + b, 0);
  return {
    recipients,
    pending: n("pending") + n("sending"),
    sent: n("sent"),
    failed: n("failed"),
    bounced: n("bounced"),
    skipped: n("skipped"),
    cancelled: n("cancelled"),
    unsubscribes,
    clicks: links.length || ctx.tracking ? links.reduce((a, l) => a + l.clicks, 0) : null,
    opened: null,
    tracking: { clicks: ctx.tracking, opens: false },
    links,
  };
}

/** `IssuesService.follow`. */
async function follow(ctx: IssuesContext, token: string, ip: string): Promise<string | null> {
  const link = await findLink(ctx.k, token);
  const target = link && redirectTarget(link.url, ctx.site.publicUrl, ctx.linkHosts);
  if (!link || !target) return null;
  if (ctx.tracking) {
    const counted = await ctx.limits.clicks.consume(`ip:${ip}`).then(
      () => true,
      () => false,
    );
    if (counted) await countClick(ctx.k, link.id);
  }
  return target;
}

/** The public reads: the archive and one web version. */
function publicReads(ctx: IssuesContext): Pick<IssuesService, "archive" | "webVersion"> {
  return {
    async archive({ page, pageSize }) {
      const offset = (page - 1) * pageSize;
      const { rows, total } = await repo.listArchive(ctx.k, { limit: pageSize, offset });
      const present = presentContext(ctx);
      return {
        data: rows.map((r) => toPublicSummary(present, r)),
        meta: { pagination: paginationMeta(page, pageSize, total) },
      };
    },
    async webVersion(slug) {
      const row = await repo.findStartedIssue(ctx.k, slug);
      if (!row) throw new NotFoundError("Newsletter issue not found");
      const articles = await repo.findIssueArticles(ctx.k, [row.id]);
      return toPublicIssue(presentContext(ctx), row, articles);
    },
  };
}

/** The studio's reads: the list, one issue and its preview. */
function studioReads(ctx: IssuesContext): Pick<IssuesService, "list" | "get" | "preview"> {
  return {
    async list(actor, { status, page, pageSize }) {
      authorize(actor, "newsletter.manage");
      const offset = (page - 1) * pageSize;
      const { rows, total } = await repo.listIssues(ctx.k, { status }, { limit: pageSize, offset });
      const articles = await repo.findIssueArticles(
        ctx.k,
        rows.map((r) => r.id),
      );
      const present = presentContext(ctx);
      return {
        data: rows.map((r) =>
          toStudioIssue(
            present,
            r,
            articles.filter((a) => a.issue_id === r.id),
          ),
        ),
        meta: { pagination: paginationMeta(page, pageSize, total) },
      };
    },
    async get(actor, id) {
      authorize(actor, "newsletter.manage");
      const { row, articles } = await loadIssue(ctx, id);
      return toStudioIssue(presentContext(ctx), row, articles);
    },
    async preview(actor, id) {
      authorize(actor, "newsletter.manage");
      const issue = await loadIssue(ctx, id);
      const rendered = await renderLoaded(ctx, issue, false);
      const inert = unsubscribeUrl(ctx.site.publicUrl, "preview");
      return { subject: issue.row.subject, ...personalize(rendered, inert) };
    },
  };
}

/** Builds the issues service (`wake` tells the delivery worker a send was queued). */
export function createIssuesService(
  db: Db,
  deps: {
    mailer: Pick<Mailer, "send">;
    limits: RateLimits;
    now: () => Date;
    site: MailSite;
    tracking: boolean;
    linkHosts: readonly string[];
    wake: () => void;
  },
): IssuesService {
  const ctx: IssuesContext = {
    ...deps,
    db,
    k: db.kysely,
    limits: {
      writes: deps.limits.of("newsletter-issue-writes"),
      tests: deps.limits.of("newsletter-issue-tests"),
      clicks: deps.limits.of("newsletter-clicks"),
    },
  };
  return {
    ...studioReads(ctx),
    ...publicReads(ctx),
    create: (actor, data) => writes.createIssue(ctx, actor, data),
    update: (actor, id, data) => writes.updateIssue(ctx, actor, id, data),
    remove: (actor, id) => writes.removeIssue(ctx, actor, id),
    sendTest: (actor, id, log) => writes.sendTest(ctx, actor, id, log),
    send: (actor, id) => writes.sendIssue(ctx, actor, id),
    cancel: (actor, id) => writes.cancelIssue(ctx, actor, id),
    stats: (actor, id) => stats(ctx, actor, id),
    follow: (token, ip) => follow(ctx, token, ip),
  };
}

// What the newsletter issue functions share: the context they run with, loading an issue with its
// articles, rendering it as a mail (with click redirects when tracking is on), the 409 of a sent one.
import type { Kysely } from "kysely";
import type { IssueStatus, StudioIssue } from "@pragmatist/contracts";
import type { Db } from "../../db/client.ts";
import type { Database } from "../../db/schema.ts";
import { ConflictError, NotFoundError } from "../../errors.ts";
import type { RateLimit } from "../../plugins/rate-limit.ts";
import type { Mailer } from "../mail/mailer.ts";
import { redirectTarget, registerLinks } from "./issue-links.ts";
import { type MailSite, type RenderedIssue, renderIssue } from "./issue-email.ts";
import * as repo from "./issues.repository.ts";
import { type PresentContext, toMailIssue, toStudioIssue } from "./issues.present.ts";

/** What the issue functions run with (built once by `createIssuesService`). */
export interface IssuesContext {
  db: Db;
  k: Kysely<Database>;
  now: () => Date;
  site: MailSite;
  /** NEWSLETTER_TRACKING: links go through `/r/{token}` and clicks are counted. */
  tracking: boolean;
  /** NEWSLETTER_LINK_HOSTS. */
  linkHosts: readonly string[];
  /** The ordinary mailer, for test sends. */
  mailer: Pick<Mailer, "send">;
  /** Tells the delivery worker a send was queued. */
  wake: () => void;
  /** Studio writes per member; test sends per member; counted clicks per IP. */
  limits: { writes: RateLimit; tests: RateLimit; clicks: RateLimit };
}

/** An issue with its articles, as stored. */
export interface LoadedIssue {
  row: repo.IssueRow;
  articles: repo.IssueArticleRow[];
}

/** `ctx` for the presenters, at the current instant. */
export const presentContext = (ctx: IssuesContext): PresentContext => ({
  publicUrl: ctx.site.publicUrl,
  now: ctx.now(),
});

/** The issue `id` with its articles. @throws NotFoundError */
export async function loadIssue(ctx: IssuesContext, id: number): Promise<LoadedIssue> {
  const row = await repo.findIssue(ctx.k, id);
  if (!row) throw new NotFoundError("Newsletter issue not found");
  return { row, articles: await repo.findIssueArticles(ctx.k, [id]) };
}

/** The issue `id` in the studio's shape. @throws NotFoundError */
export async function presentIssue(ctx: IssuesContext, id: number): Promise<StudioIssue> {
  const { row, articles } = await loadIssue(ctx, id);
  return toStudioIssue(presentContext(ctx), row, articles);
}

/** The 409 for a change an issue's status no longer allows. */
export function notInStatus(status: IssueStatus, allowed: string): ConflictError {
  return new ConflictError(`${allowed}: this issue is ${status}`, { status });
}

/**
 * Renders the issue as it would go out now. With `track` (NEWSLETTER_TRACKING at send time), the
 * links `/r/{token}` may lead to (this site, listed hosts) are stored and carried as
 * `{PUBLIC_URL}/r/{token}`; the others stay direct.
 */
export async function renderLoaded(
  ctx: IssuesContext,
  issue: LoadedIssue,
  track: boolean,
): Promise<RenderedIssue> {
  const mail = toMailIssue(presentContext(ctx), issue.row, issue.articles);
  const base = ctx.site.publicUrl;
  if (!track) return renderIssue(mail, ctx.site, { base, link: (url) => url });
  const seen = new Set<string>();
  await renderIssue(mail, ctx.site, {
    base,
    link: (url) => {
      if (redirectTarget(url, base, ctx.linkHosts) !== null) seen.add(url);
      return url;
    },
  });
  const tokens = await registerLinks(ctx.k, issue.row.id, [...seen]);
  return renderIssue(mail, ctx.site, {
    base,
    link: (url) => (tokens.has(url) ? `${base}/r/${tokens.get(url)}` : url),
  });
}

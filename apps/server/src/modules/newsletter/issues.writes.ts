// Changes to newsletter issues (docs/product/newsletter.md#newsletter-sending): drafts of a post or
// a digest, a test to the editor, the send (recipients frozen in the database in the same
// transaction) and cancel, each audited.
import {
  type CreateIssueBody,
  DIGEST_ARTICLES_MAX,
  type StudioIssue,
  type UpdateIssueBody,
  slugFromTitle,
} from "@pragmatist/contracts";
import { ValidationError } from "../../errors.ts";
import type { MailLogger } from "../mail/mailer.ts";
import { recordAudit } from "../access/audit.ts";
import { type Actor, authorize } from "../access/policy.ts";
import { isUniqueViolation } from "../../db/constraints.ts";
import { cancelPending } from "./delivery.repository.ts";
import { freezeRecipients } from "./delivery-recipients.repository.ts";
import { personalize } from "./issue-email.ts";
import { releaseMjml } from "./mjml-render.ts";
import {
  type IssuesContext,
  loadIssue,
  notInStatus,
  presentIssue,
  renderLoaded,
} from "./issues.context.ts";
import * as repo from "./issues.repository.ts";
import { unsubscribeUrl } from "./delivery-messages.ts";

/** The days a digest looks back by default: "the week's published articles". */
const DIGEST_DAYS = 7;

/** A 400 pointing at one field of `data`. */
const fieldError = (field: string, message: string) =>
  new ValidationError(message, { errors: [{ path: ["data", field], message }] });

/** The 400 for a slug another issue uses. */
const slugTaken = (slug: string) =>
  fieldError("slug", `The slug "${slug}" is already used by another issue: choose another one`);

/** `stem`, or `stem-2`, `stem-3` … : the first slug no issue uses. */
async function freeSlug(ctx: IssuesContext, subject: string): Promise<string> {
  const stem = slugFromTitle(subject) || "issue";
  const taken = await repo.findSlugsLike(ctx.k, stem);
  if (!taken.has(stem)) return stem;
  for (let n = 2; ; n++) if (!taken.has(`${stem}-${n}`)) return `${stem}-${n}`;
}

/**
 * Checks the articles an issue would carry: every id exists; a post has exactly one (a draft
 * too: "email only"); a digest only articles readers can open (published, date passed).
 * @returns the first article's title. @throws ValidationError pointing at `field`.
 */
async function checkArticles(
  ctx: IssuesContext,
  kind: "post" | "digest",
  ids: number[],
  field: string,
): Promise<string> {
  if (new Set(ids).size !== ids.length) throw fieldError(field, "An article is listed twice");
  if (kind === "post" && ids.length !== 1) throw fieldError(field, "A post carries one article");
  const found = new Map((await repo.findArticleStates(ctx.k, ids)).map((a) => [a.id, a]));
  const now = ctx.now().getTime();
  for (const id of ids) {
    const article = found.get(id);
    if (!article) throw fieldError(field, `Article ${id} does not exist`);
    const live = article.status === "published" && Date.parse(article.publish_date) <= now;
    if (kind === "digest" && !live) {
      throw fieldError(
        field,
        `"${article.title}" is not published: a digest lists published articles`,
      );
    }
  }
  return found.get(ids[0] as number)?.title ?? "";
}

/** The default digest: articles published in the last DIGEST_DAYS days, newest first. */
async function weekArticles(ctx: IssuesContext): Promise<number[]> {
  const to = ctx.now();
  const from = new Date(to.getTime() - DIGEST_DAYS * 86_400_000);
  const ids = await repo.findPublishedBetween(ctx.k, {
    from: from.toISOString(),
    to: to.toISOString(),
    limit: DIGEST_ARTICLES_MAX,
  });
  if (ids.length === 0) {
    throw fieldError(
      "articleIds",
      `Nothing was published in the last ${DIGEST_DAYS} days: choose articles`,
    );
  }
  return ids;
}

/** "The Weekly Brief: 2 March 2026", the date in UTC. */
const briefSubject = (at: Date) =>
  `The Weekly Brief: ${new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" }).format(at)}`;

/** Runs `write`, turning a slug's unique violation (a race) into the 400 for `slug`. */
async function guardSlug<T>(slug: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (isUniqueViolation(err)) throw slugTaken(slug);
    throw err;
  }
}

/** `IssuesService.create`. */
export async function createIssue(
  ctx: IssuesContext,
  actor: Actor | null,
  data: CreateIssueBody["data"],
): Promise<StudioIssue> {
  authorize(actor, "newsletter.manage");
  await ctx.limits.writes.consume(`user:${actor.id}`);
  const ids =
    data.kind === "post" ? [data.articleId] : (data.articleIds ?? (await weekArticles(ctx)));
  const field = data.kind === "post" ? "articleId" : "articleIds";
  const firstTitle = await checkArticles(ctx, data.kind, ids, field);
  const subject = data.subject ?? (data.kind === "post" ? firstTitle : briefSubject(ctx.now()));
  const slug = data.slug ?? (await freeSlug(ctx, subject));
  if (data.slug && (await repo.findSlugsLike(ctx.k, slug)).has(slug)) throw slugTaken(slug);
  const id = await guardSlug(slug, () =>
    ctx.k.transaction().execute((trx) =>
      repo.insertDraft(trx, {
        slug,
        subject,
        intro: data.intro ?? "",
        kind: data.kind,
        created_by: actor.id,
        articleIds: ids,
        now: ctx.now().toISOString(),
      }),
    ),
  );
  return presentIssue(ctx, id);
}

/** `IssuesService.update`: drafts only (409 otherwise). */
export async function updateIssue(
  ctx: IssuesContext,
  actor: Actor | null,
  id: number,
  data: UpdateIssueBody["data"],
): Promise<StudioIssue> {
  authorize(actor, "newsletter.manage");
  await ctx.limits.writes.consume(`user:${actor.id}`);
  const { row } = await loadIssue(ctx, id);
  if (row.status !== "draft") throw notInStatus(row.status, "Only a draft can be changed");
  if (data.articleIds) await checkArticles(ctx, row.kind, data.articleIds, "articleIds");
  const { articleIds, ...fields } = data;
  const slug = fields.slug ?? row.slug;
  await guardSlug(slug, () =>
    ctx.k.transaction().execute(async (trx) => {
      if (!(await repo.updateDraft(trx, id, { ...fields, updated_at: ctx.now().toISOString() }))) {
        throw notInStatus("sending", "Only a draft can be changed");
      }
      if (articleIds) await repo.setArticles(trx, id, articleIds);
    }),
  );
  return presentIssue(ctx, id);
}

/** `IssuesService.remove`: drafts only; answers the issue as it was. */
export async function removeIssue(
  ctx: IssuesContext,
  actor: Actor | null,
  id: number,
): Promise<StudioIssue> {
  authorize(actor, "newsletter.manage");
  await ctx.limits.writes.consume(`user:${actor.id}`);
  const before = await presentIssue(ctx, id);
  if (!(await repo.deleteDraft(ctx.k, id))) {
    throw notInStatus(before.attributes.status, "Only a draft can be deleted");
  }
  return before;
}

/**
 * `IssuesService.sendTest`: the issue as it would go out, to the caller's own address, subject
 * "[Test] …", through the ordinary mailer; its unsubscribe link is inert. 10 an hour per member.
 */
export async function sendTest(
  ctx: IssuesContext,
  actor: Actor | null,
  id: number,
  log: MailLogger,
): Promise<{ to: string }> {
  authorize(actor, "newsletter.manage");
  const email = (
    await ctx.k.selectFrom("users").select("email").where("id", "=", actor.id).executeTakeFirst()
  )?.email;
  if (!email) throw new ValidationError("Your account has no email address to send the test to");
  await ctx.limits.tests.consume(`user:${actor.id}`);
  const issue = await loadIssue(ctx, id);
  const rendered = await renderLoaded(ctx, issue, false);
  const inert = unsubscribeUrl(ctx.site.publicUrl, "test");
  await ctx.mailer.send(
    { to: email, subject: `[Test] ${issue.row.subject}`, ...personalize(rendered, inert) },
    log,
  );
  return { to: email };
}

/**
 * `IssuesService.send`: renders the issue once (links through `/r/` when tracking is on), then in
 * one transaction moves it draft → sending (a compare-and-set: of two editors or processes, one
 * wins; the other gets 409), freezes its recipients (the one list's confirmed addresses, each
 * once) with INSERT … SELECT and audits the send with the number of recipients.
 * The delivery worker is woken after the commit.
 */
export async function sendIssue(
  ctx: IssuesContext,
  actor: Actor | null,
  id: number,
): Promise<StudioIssue> {
  authorize(actor, "newsletter.manage");
  await ctx.limits.writes.consume(`user:${actor.id}`);
  const issue = await loadIssue(ctx, id);
  if (issue.row.status !== "draft") throw notInStatus(issue.row.status, "Only a draft can be sent");
  if (issue.articles.length === 0) throw new ValidationError("The issue carries no article");
  const rendered = await renderLoaded(ctx, issue, ctx.tracking);
  const now = ctx.now().toISOString();
  await ctx.k.transaction().execute(async (trx) => {
    const input = { sentBy: actor.id, ...rendered, now };
    if (!(await repo.startSending(trx, id, input))) {
      throw notInStatus("sending", "Only a draft can be sent");
    }
    const recipients = await freezeRecipients(trx, ctx.db.dialect, { issueId: id, now });
    const details = { subject: issue.row.subject, recipients };
    const entry = {
      actorId: actor.id,
      action: "newsletter.send" as const,
      targetType: "newsletter-issue" as const,
      targetId: id,
      details,
    };
    await recordAudit(trx, entry, now);
  });
  // The delivery follows: the MJML thread's memory goes now rather than after the studio's idle
  // wait (docs/scale.md#send-memory).
  releaseMjml();
  ctx.wake();
  return presentIssue(ctx, id);
}

/** `IssuesService.cancel`: sending → cancelled; deliveries not yet handed to SMTP are cancelled. */
export async function cancelIssue(
  ctx: IssuesContext,
  actor: Actor | null,
  id: number,
): Promise<StudioIssue> {
  authorize(actor, "newsletter.manage");
  await ctx.limits.writes.consume(`user:${actor.id}`);
  const { row } = await loadIssue(ctx, id);
  const now = ctx.now().toISOString();
  await ctx.k.transaction().execute(async (trx) => {
    if (!(await repo.markCancelled(trx, id, now))) {
      throw notInStatus(
        row.status === "sending" ? "sent" : row.status,
        "Only a send in progress can be cancelled",
      );
    }
    const cancelled = await cancelPending(trx, id);
    const details = { subject: row.subject, cancelled };
    const entry = {
      actorId: actor.id,
      action: "newsletter.cancel" as const,
      targetType: "newsletter-issue" as const,
      targetId: id,
      details,
    };
    await recordAudit(trx, entry, now);
  });
  return presentIssue(ctx, id);
}

// The studio's article reads (docs/product/studio.md#studio): one article, the staff list,
// revisions and the 30-day stats; each checked by policy.ts (authors see their own articles only).
import {
  type ArticleStats,
  paginationMeta,
  type Revision,
  type RevisionSummary,
  type StudioArticle,
  type StudioArticleList,
  type StudioArticleQuery,
  type StudioTerms,
} from "@pragmatist/contracts";
import { type Actor, authorize, can } from "../access/policy.ts";
import {
  type ArticlesContext,
  authorizedArticle,
  authorizedRevision,
  presentArticle,
} from "./studio-articles.context.ts";
import { toRevision, toSummary } from "./studio-articles.present.ts";
import * as repo from "./studio-articles.repository.ts";
import { listArticles as listPage } from "./studio-list.repository.ts";

/** How far back stats look: the last 30 UTC days, today included. */
export const STATS_DAYS = 30;

/** `StudioArticlesService.get`: see its docstring. */
export async function getArticle(
  ctx: ArticlesContext,
  actor: Actor | null,
  id: number,
): Promise<StudioArticle> {
  return presentArticle(ctx, await authorizedArticle(ctx, actor, "article.read", id));
}

/** `StudioArticlesService.list`: see its docstring. */
export async function listArticles(
  ctx: ArticlesContext,
  actor: Actor | null,
  query: StudioArticleQuery,
): Promise<StudioArticleList> {
  authorize(actor, "article.list");
  const authorId = can(actor, "article.publish") ? query.authorId : actor.id;
  const at = ctx.now();
  const { rows, total } = await listPage(
    ctx.k,
    ctx.dialect,
    { q: query.q, state: query.status, type: query.type, authorId },
    { limit: query.pageSize, offset: (query.page - 1) * query.pageSize },
    at.toISOString(),
  );
  const terms = await repo.findTerms(
    ctx.k,
    rows.map((r) => r.id),
  );
  return {
    data: rows.map((r) =>
      toSummary(
        r,
        terms.filter((t) => t.article_id === r.id),
        at,
      ),
    ),
    meta: { pagination: paginationMeta(query.page, query.pageSize, total) },
  };
}

/** `StudioArticlesService.listRevisions`: see its docstring. */
export async function listRevisions(
  ctx: ArticlesContext,
  actor: Actor | null,
  id: number,
): Promise<RevisionSummary[]> {
  await authorizedArticle(ctx, actor, "article.read", id);
  return (await repo.listRevisions(ctx.k, id)).map(toRevision);
}

/** `StudioArticlesService.getRevision`: see its docstring. */
export async function getRevision(
  ctx: ArticlesContext,
  actor: Actor | null,
  id: number,
  revisionId: number,
): Promise<Revision> {
  const row = await authorizedRevision(ctx, actor, "article.read", id, revisionId);
  return { ...toRevision(row), content: row.content ?? "" };
}

/** The `STATS_DAYS` UTC days (`YYYY-MM-DD`) that end with the day of `today`, oldest first. */
export function statsDays(today: Date): string[] {
  return Array.from({ length: STATS_DAYS }, (_, i) =>
    new Date(today.getTime() - (STATS_DAYS - 1 - i) * 86_400_000).toISOString().slice(0, 10),
  );
}

/** `StudioArticlesService.stats`: see its docstring. */
export async function articleStats(
  ctx: ArticlesContext,
  actor: Actor | null,
  id: number,
): Promise<ArticleStats> {
  const row = await authorizedArticle(ctx, actor, "article.read", id);
  const days = statsDays(ctx.now());
  const from = days[0] as string;
  const to = days[days.length - 1] as string;
  const [daily, recent] = await Promise.all([
    ctx.analytics.dailyViews(`/p/${row.slug}`, from, to),
    repo.countRecentReactions(ctx.k, id, `${from}T00:00:00.000Z`),
  ]);
  const byDay = new Map(daily.map((d) => [d.day, d]));
  return {
    from,
    to,
    views: daily.reduce((n, d) => n + d.views, 0),
    visitors: daily.reduce((n, d) => n + d.visitors, 0),
    ...recent,
    daily: days.map((day) => ({ day, views: byDay.get(day)?.views ?? 0 })),
  };
}

/** `StudioArticlesService.terms`: see its docstring. */
export async function listTerms(ctx: ArticlesContext, actor: Actor | null): Promise<StudioTerms> {
  authorize(actor, "article.list");
  const visibleTo = can(actor, "article.publish") ? null : actor.id;
  const terms = await repo.listTermsInUse(ctx.k, visibleTo, ctx.now().toISOString());
  const of = (kind: repo.TermInUse["kind"]) =>
    terms
      .filter((t) => t.kind === kind)
      .map(({ name, slug, articleCount }) => ({ name, slug, articleCount }));
  return { categories: of("category"), tags: of("tag"), ecosystems: of("ecosystem") };
}

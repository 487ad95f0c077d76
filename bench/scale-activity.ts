// The scale generator's activity: comments in threads (a long tail), comment likes and reports,
// article likes and bookmarks, two years of daily page views, and the staff's audit log.
import type { Kysely } from "kysely";
import { reportReasons } from "@pragmatist/contracts";
import type { Database } from "../apps/server/src/db/schema.ts";
import type { Archive, ArchiveArticle } from "./scale-generate.ts";
import { inserter, nextId } from "./scale-insert.ts";
import { type Corpus, pick, type Shape } from "./scale-shape.ts";

const DAY = 86_400_000;
const MAX_DEPTH = 8;
const iso = (ms: number) => new Date(ms).toISOString();

/** A standard normal draw (Box–Muller). */
function normal(rand: () => number): number {
  return Math.sqrt(-2 * Math.log(1 - rand())) * Math.cos(2 * Math.PI * rand());
}

/**
 * Comments per article: `shape.hotComments` on the hot one, the rest spread over the published
 * articles by a log-normal weight (sigma 1.6): most articles a handful, a few thousands.
 */
function commentCounts(rand: () => number, archive: Archive, shape: Shape): Map<number, number> {
  const published = archive.articles.filter((a) => a.publishMs <= archive.now);
  const weights = published.map((a) =>
    a.id === archive.hot.id ? 0 : Math.exp(1.6 * normal(rand)),
  );
  const total = weights.reduce((s, w) => s + w, 0);
  const rest = Math.max(0, shape.comments - shape.hotComments);
  const counts = new Map<number, number>();
  published.forEach((a, i) => counts.set(a.id, Math.round((rest * (weights[i] ?? 0)) / total)));
  counts.set(archive.hot.id, shape.hotComments);
  return counts;
}

/** A generated member's id, the active few more often (a squared uniform draw). */
function member(rand: () => number, archive: Archive): number {
  return archive.firstMember + Math.floor(rand() ** 2 * archive.memberCount);
}

/**
 * Writes the comments of `article`: each starts a thread (35 in 100, and the first) or answers one
 * of the 20 latest comments below depth 8, so threads reach depth 8; 1 in 50 deleted, 1 in 200
 * hidden by the admin (with an audit entry); likes about 0.6 a comment; 1 in 300 reported (open).
 */
async function articleComments(
  sink: ReturnType<typeof sinks>,
  rand: () => number,
  corpus: Corpus,
  archive: Archive,
  article: ArchiveArticle,
  count: number,
): Promise<void> {
  const placed: { id: number; depth: number }[] = [];
  const span = Math.max(DAY, archive.now - article.publishMs);
  for (let j = 0; j < count; j++) {
    const recent = placed.slice(-20).filter((p) => p.depth < MAX_DEPTH);
    const parent = j === 0 || rand() < 0.35 || recent.length === 0 ? null : pick(rand, recent);
    const id = sink.nextComment++;
    const at = iso(article.publishMs + (span * (j + rand())) / (count + 1) / 4);
    const roll = rand();
    const words = Array.from({ length: 1 + Math.floor(rand() * 3) }, () =>
      pick(rand, corpus.sentences),
    );
    await sink.comments.add({
      id,
      article_id: article.id,
      parent_id: parent?.id ?? null,
      author_id: member(rand, archive),
      content: roll < 0.02 ? "" : words.join(" "),
      created_at: at,
      updated_at: at,
      edited_at: null,
      deleted_at: roll < 0.02 ? at : null,
      hidden_at: roll > 0.995 ? at : null,
      hidden_by: roll > 0.995 ? archive.adminId : null,
    });
    placed.push({ id, depth: (parent?.depth ?? 0) + 1 });
    if (roll > 0.995) await sink.audit("comment.hide", "comment", id, at);
    const likes = Math.floor(-Math.log(1 - rand()) * 0.6);
    for (let l = 0; l < likes; l++) {
      const user = archive.firstMember + ((id * 7919 + l * 104_729) % archive.memberCount);
      await sink.commentLikes.add({ comment_id: id, user_id: user, created_at: at });
    }
    if (rand() < 1 / 300) {
      const reason = pick(rand, reportReasons);
      await sink.reports.add({
        ...{ comment_id: id, user_id: member(rand, archive), reason, created_at: at },
        ...{ note: reason === "other" ? "Reads like an advertisement." : null, outcome: null },
        ...{ resolved_by: null, resolved_at: null },
      });
    }
  }
}

/** The buffers the comment writer fills, and the audit log's writer. */
function sinks(db: Kysely<Database>, archive: Archive, firstComment: number, firstAudit: number) {
  const audit = inserter(db, "audit_log", 7);
  const comments = inserter(db, "comments", 11);
  let auditId = firstAudit;
  return {
    nextComment: firstComment,
    comments,
    commentLikes: inserter(db, "comment_likes", 3, comments),
    reports: inserter(db, "comment_reports", 8, comments),
    auditLog: audit,
    audit: (action: string, target_type: string, target_id: number, at: string) =>
      audit.add({
        ...{ id: auditId++, actor_id: archive.adminId, action, target_type, target_id },
        ...{ details: "{}", at },
      }),
  };
}

/**
 * Writes every article's comments (commentCounts), their likes and reports, and the audit log:
 * an `article.publish` entry for each article, a `comment.hide` for each hidden comment (each
 * article's kept comment count is the caller's to write, `recountComments`).
 * @returns the number of comments written.
 */
export async function generateComments(
  db: Kysely<Database>,
  rand: () => number,
  corpus: Corpus,
  archive: Archive,
  shape: Shape,
): Promise<number> {
  const sink = sinks(db, archive, await nextId(db, "comments"), await nextId(db, "audit_log"));
  for (const a of archive.articles) {
    if (a.publishMs <= archive.now)
      await sink.audit("article.publish", "article", a.id, iso(a.publishMs));
  }
  const byId = new Map(archive.articles.map((a) => [a.id, a]));
  for (const [id, count] of commentCounts(rand, archive, shape)) {
    const article = byId.get(id);
    if (article && count > 0) await articleComments(sink, rand, corpus, archive, article, count);
  }
  for (const s of [sink.comments, sink.commentLikes, sink.reports, sink.auditLog]) await s.flush();
  return sink.comments.count;
}

/**
 * Writes `shape.likes` likes and `shape.bookmarks` bookmarks by generated members (recent and
 * popular articles more often, one per article and member), and the reader's
 * `shape.readerBookmarks` bookmarks (or one of every article, when there are fewer).
 */
export async function generateReactions(
  db: Kysely<Database>,
  rand: () => number,
  archive: Archive,
  shape: Shape,
): Promise<void> {
  const published = archive.articles.filter((a) => a.publishMs <= archive.now);
  for (const [table, total] of [
    ["article_likes", shape.likes],
    ["article_bookmarks", shape.bookmarks],
  ] as const) {
    const rows = inserter(db, table, 3);
    const seen = new Set<number>();
    for (let attempts = 0; rows.count < total && attempts < total * 3; attempts++) {
      const article = published[published.length - 1 - Math.floor(rand() ** 3 * published.length)];
      const user = member(rand, archive);
      if (!article || seen.has(article.id * 10_000_000 + user)) continue;
      seen.add(article.id * 10_000_000 + user);
      const at = iso(article.publishMs + rand() * Math.max(DAY, archive.now - article.publishMs));
      await rows.add({ article_id: article.id, user_id: user, created_at: at });
    }
    await rows.flush();
  }
  const mine = inserter(db, "article_bookmarks", 3);
  const count = Math.min(shape.readerBookmarks, published.length);
  for (let i = 0; i < count; i++) {
    const article = published[published.length - 1 - i];
    if (article)
      await mine.add({
        article_id: article.id,
        user_id: archive.readerId,
        created_at: iso(archive.now - i * 60_000),
      });
  }
  await mine.flush();
}

const SOURCES = ["news.ycombinator.com", "x.com", "reddit.com", "google.com", "duckduckgo.com"];

/**
 * Writes `shape.pageViews` views over the last 730 days into the app's daily analytics tables:
 * each day the home page, the markets, the hot article, the 20 newest articles and a sample of the
 * archive (about 45 views a path), visitors 70 in 100 of views; five referring sites a day.
 */
export async function generatePageViews(
  db: Kysely<Database>,
  rand: () => number,
  archive: Archive,
  shape: Shape,
): Promise<void> {
  const days = 730;
  const perDay = shape.pageViews / days;
  const pathsPerDay = Math.min(300, Math.max(5, Math.round(perDay / 45)));
  const views = inserter(db, "page_views_daily", 4);
  const sources = inserter(db, "page_view_sources_daily", 3);
  const published = archive.articles.filter((a) => a.publishMs <= archive.now);
  for (let d = days; d >= 1; d--) {
    const dayMs = archive.now - d * DAY;
    const day = iso(dayMs).slice(0, 10);
    const newest = published.filter((a) => a.publishMs <= dayMs).slice(-20);
    const paths = new Set([
      "/",
      "/markets",
      `/p/${archive.hot.slug}`,
      ...newest.map((a) => `/p/${a.slug}`),
    ]);
    while (paths.size < pathsPerDay + 3) paths.add(`/p/${pick(rand, published).slug}`);
    const weights = [...paths].map((_, rank) => 1 / (rank + 1));
    const sum = weights.reduce((s, w) => s + w, 0);
    for (const [rank, path] of [...paths].entries()) {
      const n = Math.max(1, Math.round((perDay * (weights[rank] ?? 0)) / sum));
      await views.add({ day, path, views: n, visitors: Math.max(1, Math.round(n * 0.7)) });
    }
    for (const source of SOURCES) {
      await sources.add({ day, source, views: Math.max(1, Math.round(perDay * 0.02 * rand())) });
    }
  }
  await views.flush();
  await sources.flush();
}

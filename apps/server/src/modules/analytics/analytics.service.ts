// First-party page-view analytics (docs/product/api.md#api-analytics): privacy-friendly
// as Plausible does it, and the one source of an article's clicks (popularity).
import { createHmac } from "node:crypto";
import { isbot } from "isbot";
import type { Db } from "../../db/client.ts";
import { NotFoundError } from "../../errors.ts";
import type { RateLimits } from "../../plugins/rate-limit.ts";
import type { ArticlesService } from "../articles/articles.service.ts";
import * as repo from "./analytics.repository.ts";

/** What the browser reports of one page view. */
export interface PageView {
  /** The page's path, starting with `/`; a query string or fragment is cut off before storing. */
  path: string;
  /** A same-site path, or an external URL of which only the host is kept; optional. */
  referrer?: string | undefined;
}

/** Who sent it, as the HTTP request shows; used for the visitor hash only, never stored. */
export interface Client {
  /** The client IP (proxy-aware per TRUST_PROXY). */
  ip: string;
  userAgent: string | undefined;
}

/** Page views and their daily statistics (analytics.routes.ts, the studio). */
export interface AnalyticsService {
  /**
   * Records a page view of a person: adds one to the UTC day's views of the path, and to its
   * visitors when this visitor has not viewed the path that day. The first view of `/p/{slug}` by
   * a visitor on a day also adds one to that article's `clicks`. A view without a user agent or
   * from a bot (`isbot`) is ignored. Limited per IP (http/rate-limits.ts `pageview-ip`).
   * @returns counted: whether the view was a new visitor of the path today.
   * @throws RateLimitError (429) when over the limit.
   */
  recordPageView(view: PageView, client: Client): Promise<{ counted: boolean }>;
  /**
   * The old client's `POST /api/articles/{slug}/increment-clicks`
   * (docs/product/api.md#api-analytics): the same recording as a page view of `/p/{slug}`, so a
   * visit reported both ways counts once in clicks.
   * @throws NotFoundError for an unknown, draft or future-dated slug; RateLimitError (429).
   */
  recordArticleRead(slug: string, client: Client): Promise<{ counted: boolean }>;
  /** Views and visitors of `path` per UTC day from `from` to `to` (YYYY-MM-DD, inclusive). */
  dailyViews(path: string, from: string, to: string): ReturnType<typeof repo.findDailyViews>;
}

/** The article page's route (apps/web/app/routes.ts `/p/:slug`). */
const ARTICLE_PATH = /^\/p\/([a-z0-9][a-z0-9-]*)$/i;

/** The path without query string, fragment or trailing slashes ("/" stays "/"). */
function normalisePath(path: string): string {
  const bare = path.split(/[?#]/, 1)[0] ?? "";
  return bare.replace(/\/+$/, "") || "/";
}

/**
 * The referring site of an external referrer: its host, lower case, without `www.`; null for a
 * same-site path, our own host, or anything that is not a URL. A referrer's path and query can
 * carry personal data (search terms, tokens), so they are never kept.
 */
function referringHost(referrer: string | undefined, ownHost: string): string | null {
  if (!referrer || referrer.startsWith("/")) return null;
  let host: string;
  try {
    host = new URL(referrer).hostname.toLowerCase().replace(/^www\./, "");
  } catch {
    return null;
  }
  return host && host !== ownHost ? host : null;
}

/** Builds the service; `secret` keys the visitor hashes, `now` is the injectable clock. */
export function createAnalyticsService(
  db: Db,
  deps: {
    articles: Pick<ArticlesService, "isPublished" | "addClick">;
    limits: RateLimits;
    secret: string;
    now: () => Date;
    /** PUBLIC_URL: views referred by our own host are not an external source. */
    publicUrl: string;
  },
): AnalyticsService {
  const k = db.kysely;
  const { articles, secret, now } = deps;
  const byIp = deps.limits.of("pageview-ip");
  const ownHost = new URL(deps.publicUrl).hostname.toLowerCase().replace(/^www\./, "");
  let prunedBefore = "";

  /**
   * The visitor of a day: HMAC-SHA-256 keyed by the server secret over the UTC day, IP and user
   * agent, cut to 128 bits. The day in the input rotates it daily (Plausible's daily salt): the
   * same reader has an unrelated id tomorrow, and with the past days' rows pruned no stored hash
   * links two days. No cookie is set and neither IP nor user agent is stored.
   */
  const visitorOf = (day: string, client: Client & { userAgent: string }) =>
    createHmac("sha256", secret)
      .update(`${day}\n${client.ip}\n${client.userAgent}`)
      .digest("base64url")
      .slice(0, 22);

  /** Deletes the hashes of past days, once per process and day (they are only needed that day). */
  async function pruneBefore(day: string): Promise<void> {
    if (prunedBefore >= day) return;
    prunedBefore = day;
    try {
      await repo.deleteVisitorsBefore(k, day);
    } catch (err) {
      prunedBefore = "";
      throw err;
    }
  }

  async function recordPageView(view: PageView, client: Client): Promise<{ counted: boolean }> {
    await byIp.consume(`ip:${client.ip}`);
    const userAgent = client.userAgent?.trim();
    if (!userAgent || isbot(userAgent)) return { counted: false };
    const day = now().toISOString().slice(0, 10);
    await pruneBefore(day);
    const path = normalisePath(view.path);
    const counted = await repo.recordView(k, {
      day,
      path,
      visitor: visitorOf(day, { ip: client.ip, userAgent }),
      source: referringHost(view.referrer, ownHost),
    });
    const slug = ARTICLE_PATH.exec(path)?.[1];
    if (counted && slug !== undefined) await articles.addClick(slug);
    return { counted };
  }

  return {
    recordPageView,

    async recordArticleRead(slug, client) {
      if (!(await articles.isPublished(slug))) throw new NotFoundError("Article not found");
      return recordPageView({ path: `/p/${slug}` }, client);
    },

    dailyViews: (path, from, to) => repo.findDailyViews(k, path, from, to),
  };
}

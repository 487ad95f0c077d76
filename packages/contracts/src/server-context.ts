// The context the server hands to web loaders: site settings and the library's read operations,
// so server rendering calls the services directly instead of looping back over HTTP.
import { createContext } from "react-router";
import type { Article, ArticleCard, ArticleListResponse, ArticleType } from "./articles.ts";
import type { OwnUser } from "./auth.ts";
import type { CommentPage, CommentPageQuery } from "./comments.ts";
import type { ArticleCoins, CoinPage, MarketTable, MarketTableQuery } from "./markets.ts";
import type { CoinRange } from "./market-values.ts";
import type { PublicIssue, PublicIssueList } from "./newsletter.ts";

/** The publication's settings the pages need (from the server's config). */
export interface SiteSettings {
  /** The publication's name (SITE_NAME), e.g. "Crypto Pragmatist". */
  name: string;
  /** Absolute base URL without trailing slash (PUBLIC_URL). */
  publicUrl: string;
  /**
   * Where Subscribe leads: NEWSLETTER_URL (an external newsletter, opened in a new tab) when set,
   * else `/newsletter`, the built-in newsletter's page on this site
   * (docs/product/newsletter.md#newsletter-sending).
   */
  newsletterUrl: string;
  /** PARTNER_FORM_URL, the partner enquiry form; null when none is configured (no button). */
  partnerFormUrl: string | null;
  /** Google Analytics 4 id (GA_MEASUREMENT_ID, `G-…`); unset means no third-party script. */
  gaMeasurementId?: string | undefined;
}

/** A list of published articles as a loader asks for it (like `GET /api/articles/params`). */
export interface ArticleQuery {
  page: number;
  pageSize: number;
  sort: "date" | "clicks";
  filter: {
    types?: ArticleType[];
    categories?: string[];
    ecosystems?: string[];
    hasEcosystem?: boolean;
    tags?: string[];
    author?: string;
    /** One author by user id (author pages: usernames need not be unique). */
    authorId?: number;
  };
}

/** A published article as a bare link: what a list of titles shows (the footer's latest News). */
export interface ArticleLink {
  id: number;
  title: string;
  slug: string;
  /** ISO 8601. */
  publishDate: string;
}

/** A category, an ecosystem or a tag with its number of published articles. */
export interface TermCount {
  name: string;
  slug: string;
  articleCount: number;
}

/**
 * A writer's public profile (docs/product/reader.md#author-pages): a live user with published
 * articles.
 */
export interface AuthorProfile {
  id: number;
  username: string;
  /** The URL key of `/authors/{slug}`: `authorSlug(username)`. */
  slug: string;
  bio: string | null;
  /** Profile picture URL as stored (`/uploads/…` or absolute), or null. */
  avatarUrl: string | null;
  /** Published, not future-dated articles by this author. */
  articleCount: number;
}

/**
 * The URL key of an author page, from the username: lower case, Latin accents dropped, every run
 * of other characters than letters and digits made one hyphen ("Maya Okafor" -> "maya-okafor",
 * "José Núñez" -> "jose-nunez"); letters of any script stay ("李明" -> "李明"). Empty when the name has no letter
 * or digit (such an author has no page). Shared by the pages, the article links and the sitemap.
 */
export function authorSlug(username: string): string {
  return username
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}]+/gu, "-")
    .replace(/^-+|-+$/g, "")
    .normalize("NFC");
}

/**
 * What the article page offers after the text (docs/product/reader.md#read-next): up to 3 related
 * published articles, best first, and up to 3 of its author's latest not among them (empty without
 * an author); never the article itself.
 */
export interface ReadNext {
  related: ArticleCard[];
  byAuthor: ArticleCard[];
}

/**
 * The publication as the web's loaders read it during the server render: answered by the
 * server's services directly (docs/decisions/002-loaders-call-services.md).
 */
export interface PublicationApi {
  site: SiteSettings;
  listArticles(query: ArticleQuery): Promise<ArticleListResponse>;
  /**
   * The `count` newest published articles of any of `types`, newest first, as links only: no
   * counts, no terms, no pagination, one query (the footer's "Latest News",
   * docs/product/site.md#footer).
   */
  latestArticles(query: { types: readonly ArticleType[]; count: number }): Promise<ArticleLink[]>;
  findArticle(slug: string): Promise<Article | null>;
  /**
   * The coins `article` names and its text with the first mention of each linked to the coin's
   * page, each coin with its dated price and 24 h change (docs/product/reader.md#article-coins).
   * The same for every reader (decision 008); never rejects for market data: a coin's figures
   * are then null.
   */
  findArticleCoins(article: Article): Promise<ArticleCoins>;
  /** What to read after `article` (`ReadNext`, docs/product/reader.md#read-next). */
  findReadNext(article: Article): Promise<ReadNext>;
  countArticles(): Promise<number>;
  /** The categories, ecosystems or tags in use by published articles, most used first. */
  listTerms(kind: "category" | "ecosystem" | "tag"): Promise<TermCount[]>;
  /**
   * The author whose username's `authorSlug` is `slug` (compared after `authorSlug(slug)`, so
   * case and separators do not matter), among live users with published articles; the lowest
   * user id when two names make one slug. Null when none.
   */
  findAuthor(slug: string): Promise<AuthorProfile | null>;
  /**
   * Ranked search, then the matching cards of one page (fuzzy search + populate-fuzzy,
   * docs/product/api.md#api-search).
   */
  searchArticles(
    query: string,
    options: { page: number; pageSize: number; type?: ArticleType },
  ): Promise<ArticleListResponse>;
  /**
   * One page of the article's comments as every reader sees them, replies folded, as
   * `GET /api/comment-manager/comments/{slug}` with `limit` answers it; null for an unknown,
   * draft or future-dated slug (docs/product/reader.md#comment-thread,
   * docs/product/api.md#api-comments). Rejects with a 400 error for a cursor of another order.
   */
  findCommentPage(slug: string, query: CommentPageQuery): Promise<CommentPage | null>;
  /**
   * The newsletter archive: issues that went out, newest first, as `GET /api/newsletter/issues`
   * answers it (docs/product/api.md#api-newsletter).
   */
  listNewsletterIssues(page: { page: number; pageSize: number }): Promise<PublicIssueList>;
  /**
   * The web version of the issue `/newsletter/{slug}` once its send started, as
   * `GET /api/newsletter/issues/{slug}` answers it; null for a draft or an unknown slug.
   */
  findNewsletterIssue(slug: string): Promise<PublicIssue | null>;
  /**
   * A page of the `/markets` table (docs/product/markets.md#market-data-pages), or null past the last
   * page; rejects when live market data is down with nothing cached.
   */
  findMarketTable(query: MarketTableQuery): Promise<MarketTable | null>;
  /**
   * A coin page: the coin with this exact CoinGecko id, its history over `range`, and the
   * published articles and newsletters that mention it; null for an unknown id. Rejects as
   * findMarketTable.
   */
  findCoinPage(id: string, range: CoinRange): Promise<CoinPage | null>;
}

/**
 * The signed-in reader of a private page's request (from the session cookie), or null. On a
 * public page it rejects: a public page is the same bytes for every reader
 * (docs/architecture.md#caching); what is personal comes from GET /api/viewer in the browser.
 */
export type ViewerLookup = () => Promise<OwnUser | null>;

/** Puts the Content-Security-Policy nonce into a server-rendered page (apps/server/src/plugins/web.ts). */
export interface PageSeal {
  /** What the render writes wherever the nonce goes; null when pages have no policy (Vite dev). */
  readonly noncePlaceholder: string | null;
  /**
   * The page (UTF-8) with its nonce in place of every placeholder, and the
   * Content-Security-Policy header that admits it (null without a policy). The nonce is derived
   * from the page itself (docs/decisions/003-csp-nonces.md), so the same page is the same bytes for
   * every reader.
   */
  seal(html: Uint8Array): { html: Uint8Array; contentSecurityPolicy: string | null };
}

/**
 * What a document request renders but does not repeat in its hydration data: the article's body
 * as HTML (the largest part of the page), the data of parts hydration keeps as the server's markup
 * (docs/decisions/026-static-parts-not-hydrated.md). Loaders put it here by key, the server render
 * reads it, and the browser takes the markup from the page itself. Null for a client navigation's
 * data request, whose loaders send it in their data as before.
 */
export type DocumentOnly = Map<string, unknown> | null;

/** A finished page as a PageMemo keeps it: the sealed HTML and what its answer needs. */
export interface RenderedPage {
  /** The sealed page, UTF-8. */
  readonly html: Uint8Array;
  readonly contentSecurityPolicy: string | null;
  readonly status: number;
  /** The page as sent, per content coding ("identity", "br", "gzip"), made the first time asked. */
  readonly variants: Map<string, EncodedPage>;
}

/** A page in one content coding: its bytes and their strong entity tag (null: not computed). */
export interface EncodedPage {
  readonly body: Uint8Array;
  readonly etag: string | null;
}

/**
 * Finished public pages remembered by what they were rendered from (key-based expiration,
 * docs/decisions/009-render-memo.md; apps/server/src/plugins/page-memo.ts). A render is a pure
 * function of its URL, its loaders' data and the document's HTML, so the same inputs give the same
 * page.
 */
export interface PageMemo {
  /**
   * The page rendered from `inputs` (plain JSON-like data: objects, arrays, strings, numbers,
   * booleans, null), or `render()` when there is none yet; renders of equal inputs in flight at
   * once share one. Inputs holding anything else (a promise, a class instance, a Map) are never
   * remembered. Rejects with `render`'s error.
   */
  page(inputs: readonly unknown[], render: () => Promise<RenderedPage>): Promise<RenderedPage>;
  /**
   * `page` in `coding` ("identity", or what `encode` compresses it to) with its entity tag, kept
   * with the page once made. Rejects with `encode`'s error.
   */
  variant(
    page: RenderedPage,
    coding: string,
    encode: (html: Uint8Array) => Promise<Uint8Array>,
  ): Promise<EncodedPage>;
}

const TOKEN_KEY = Symbol.for("pragmatist.publicationContext");
const VIEWER_KEY = Symbol.for("pragmatist.viewerContext");
const SEAL_KEY = Symbol.for("pragmatist.pageSealContext");
const DOCUMENT_ONLY_KEY = Symbol.for("pragmatist.documentOnlyContext");
const MEMO_KEY = Symbol.for("pragmatist.pageMemoContext");
const registry = globalThis as {
  [TOKEN_KEY]?: ReturnType<typeof createContext<PublicationApi>>;
  [VIEWER_KEY]?: ReturnType<typeof createContext<ViewerLookup>>;
  [SEAL_KEY]?: ReturnType<typeof createContext<PageSeal>>;
  [DOCUMENT_ONLY_KEY]?: ReturnType<typeof createContext<DocumentOnly>>;
  [MEMO_KEY]?: ReturnType<typeof createContext<PageMemo>>;
};

/**
 * React Router context token; the server's getLoadContext sets it, loaders read it. Context is
 * matched by object identity and this module is bundled into the web server build as well as
 * loaded by the server, so the one token is kept on globalThis under a registered symbol.
 */
export const publicationContext = (registry[TOKEN_KEY] ??= createContext<PublicationApi>());

/** The request's ViewerLookup (private pages only); same identity rule. */
export const viewerContext = (registry[VIEWER_KEY] ??= createContext<ViewerLookup>(
  async () => null,
));

/** The request's PageSeal, read by the server entry; same identity rule. */
export const pageSealContext = (registry[SEAL_KEY] ??= createContext<PageSeal>({
  noncePlaceholder: null,
  seal: (html) => ({ html, contentSecurityPolicy: null }),
}));

/** The request's DocumentOnly (a fresh map per document request); same identity rule. */
export const documentOnlyContext = (registry[DOCUMENT_ONLY_KEY] ??=
  createContext<DocumentOnly>(null));

/**
 * The request's PageMemo: the process's memo on a public page, and by default (private pages,
 * the Vite dev server) one that remembers nothing; same identity rule.
 */
export const pageMemoContext = (registry[MEMO_KEY] ??= createContext<PageMemo>({
  page: (_inputs, render) => render(),
  variant: async (page, coding, encode) => ({
    body: coding === "identity" ? page.html : await encode(page.html),
    etag: null,
  }),
}));

// The context the server hands to web loaders: site settings and the library's read operations,
// so server rendering calls the services directly instead of looping back over HTTP.
import { createContext } from "react-router";
import type { Article, ArticleListResponse, ArticleType } from "./articles.ts";
import type { OwnUser } from "./auth.ts";
import type { Comment, CommentSort } from "./comments.ts";

export interface SiteSettings {
  /** The publication's name (SITE_NAME), e.g. "Crypto Pragmatist". */
  name: string;
  /** Absolute base URL without trailing slash (PUBLIC_URL). */
  publicUrl: string;
  newsletterUrl: string;
  partnerFormUrl: string;
}

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
  };
}

export interface TermCount {
  name: string;
  slug: string;
  articleCount: number;
}

export interface PublicationApi {
  site: SiteSettings;
  listArticles(query: ArticleQuery): Promise<ArticleListResponse>;
  findArticle(slug: string): Promise<Article | null>;
  countArticles(): Promise<number>;
  listTerms(kind: "category" | "ecosystem"): Promise<TermCount[]>;
  /** Ranked search, then the matching cards of one page (spec §7 fuzzy search + populate-fuzzy). */
  searchArticles(
    query: string,
    options: { page: number; pageSize: number; type?: ArticleType },
  ): Promise<ArticleListResponse>;
  /**
   * The article's comments as `viewerId` sees them (likedByMe, mine; null for anonymous), nested
   * replies included; null for an unknown, draft or future-dated slug (spec §2, §7 Comments).
   */
  listComments(slug: string, sort: CommentSort, viewerId: number | null): Promise<Comment[] | null>;
}

const TOKEN_KEY = Symbol.for("pragmatist.publicationContext");
const VIEWER_KEY = Symbol.for("pragmatist.viewerContext");
const registry = globalThis as {
  [TOKEN_KEY]?: ReturnType<typeof createContext<PublicationApi>>;
  [VIEWER_KEY]?: ReturnType<typeof createContext<OwnUser | null>>;
};

/**
 * React Router context token; the server's getLoadContext sets it, loaders read it. Context is
 * matched by object identity and this module is bundled into the web server build as well as
 * loaded by the server, so the one token is kept on globalThis under a registered symbol.
 */
export const publicationContext = (registry[TOKEN_KEY] ??= createContext<PublicationApi>());

/** The signed-in reader of this request (from the session cookie), or null; same identity rule. */
export const viewerContext = (registry[VIEWER_KEY] ??= createContext<OwnUser | null>(null));

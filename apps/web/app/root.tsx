// Document shell: header and footer on every page, default meta, the root loader (site settings
// and the footer's latest News), and the router's error boundary ("Unexpected Application Error!",
// docs/product/site.md#error-boundary).
import { newsTypes, publicationContext } from "@pragmatist/contracts";
import interLatinUrl from "@fontsource-variable/inter/files/inter-latin-wght-normal.woff2?url";
// A hashed file, cached for a year, rather than a data: URI repeated in every page and in the JS.
import faviconUrl from "./favicon.svg?no-inline";
import { type ReactNode, useEffect } from "react";
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  type ShouldRevalidateFunction,
  useMatches,
  useRouteError,
} from "react-router";
import type { Route } from "./+types/root";
import appCssUrl from "./app.css?url";
import { feedLinks, pageMeta } from "./lib/meta";
import type { SiteFooterHandle } from "./shell/site-footer";
import { SiteHeader } from "./shell/site-header";
import { useNonce } from "./lib/nonce";
import { defaultSite, type SiteData, useSiteData } from "./lib/site-data";
import { usePageViews } from "./lib/analytics";
import { MEMBER_HINT_SCRIPT, useViewerSync } from "./lib/viewer";
import { THEME_COLORS, THEME_SCRIPT } from "./lib/theme";
import { lazyPart, lazyPartsMounted } from "./components/ui/lazy-load";

// Zod (inside the AI SDK, in the assistant's chunk) probes `new Function("")` to pick its fast
// parser unless its global config (zod/v4/core `globalConfig`, kept on globalThis so that it needs
// no import of zod) says jitless; the pages' policy forbids eval, and the browser reports the
// refused probe as a CSP issue (Lighthouse Best Practices). Set before any route module runs; in the
// browser only, the server keeps zod's fast parser.
if (typeof document !== "undefined") {
  const zod = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
  zod.__zod_globalConfig = { ...zod.__zod_globalConfig, jitless: true };
}

/** The footer, below the fold of every page: its code hydrates it from a chunk of its own. */
const SiteFooter = lazyPart(() => import("./shell/site-footer").then((m) => m.SiteFooter));

/**
 * Footer "Latest News": the 3 latest articles of any kind of news (docs/product/site.md#footer).
 */
const POPULAR_COUNT = 3;

/**
 * The data every page shares: the site settings and the footer's 3 latest News, the same for
 * every reader (who reads comes from GET /api/viewer, lib/viewer.ts). Errors of the article list
 * propagate to the root ErrorBoundary.
 */
export async function loader({ context }: Route.LoaderArgs): Promise<SiteData> {
  const api = context.get(publicationContext);
  return {
    site: api.site,
    popular: await api.latestArticles({ types: newsTypes, count: POPULAR_COUNT }),
  };
}

/** Settings and the footer list do not change with the URL: reload them only after a mutation. */
export const shouldRevalidate: ShouldRevalidateFunction = ({
  formMethod,
  defaultShouldRevalidate,
}) => (formMethod && formMethod !== "GET" ? defaultShouldRevalidate : false);

/** Defaults for pages that export no meta of their own. */
export const meta: Route.MetaFunction = ({ matches, location }) =>
  pageMeta({ matches, path: location.pathname });

/** The favicon (a hashed SVG) and the preload of the Latin text font, in every page head. */
export const links: Route.LinksFunction = () => [
  { rel: "icon", href: faviconUrl, type: "image/svg+xml" },
  // The Latin face of the text font, wanted by the first paint of every page.
  { rel: "preload", href: interLatinUrl, as: "font", type: "font/woff2", crossOrigin: "anonymous" },
];

/**
 * The document around every page and error screen: `<head>` (meta, the stylesheet first, links,
 * the feeds, Google Analytics when configured) and `<body>` with scroll restoration and the
 * hydration scripts at low priority.
 */
export function Layout({ children }: { children: ReactNode }) {
  // The feeds (docs/product/site.md#page-head), in every page head with the configured site name
  // (the root loader's data; `links` gets none, and the error screens have it unless the root
  // loader failed).
  const siteName = useSiteData()?.site.name ?? defaultSite.name;
  // `<html data-hydrated>` once React has taken the page over, the parts hydrated from chunks of
  // their own included (lazyPart): the document's load event does not imply that its buttons work,
  // so a browser test waits for this mark before using a fresh page.
  useEffect(() => {
    void lazyPartsMounted().then(() => {
      document.documentElement.dataset.hydrated = "";
    });
  }, []);
  const nonce = useNonce();
  // The head scripts may add data-member (lib/viewer.ts) and the theme's attributes (lib/theme.ts)
  // before React hydrates.
  return (
    <html lang="en" suppressHydrationWarning>
      <head>
        <meta charSet="utf-8" />
        {/* Before the first paint: a member's header slot shows a picture, not "Login". */}
        <script nonce={nonce} dangerouslySetInnerHTML={{ __html: MEMBER_HINT_SCRIPT }} />
        {/* Before the first paint: the reader's theme, so no page flashes the other one. Its text
            is the server's only: hydration leaves a script's inner HTML as it is, so the
            browser's bundle need not carry it. */}
        <script
          nonce={nonce}
          dangerouslySetInnerHTML={{ __html: import.meta.env.SSR ? THEME_SCRIPT : "" }}
        />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content="light dark" />
        {/* The system's; the head script sets the chosen theme's once the page is parsed. */}
        <meta
          name="theme-color"
          media="(prefers-color-scheme: light)"
          content={THEME_COLORS.light}
        />
        <meta name="theme-color" media="(prefers-color-scheme: dark)" content={THEME_COLORS.dark} />
        <Meta />
        {/* With a precedence React writes the stylesheet, the one file the first paint waits
            for, at the top of the head, ahead of the script preloads (decision 004). */}
        <link rel="stylesheet" href={appCssUrl} precedence="default" />
        <Links />
        {feedLinks(siteName).map((feed) => (
          <link key={feed.href} rel="alternate" {...feed} />
        ))}
        <GoogleAnalyticsTag />
      </head>
      <body className="flex min-h-dvh flex-col bg-page text-ink">
        {children}
        <ScrollRestoration />
        {/* The server-rendered page needs no script to show its text and images, so the
            hydration modules load at low priority behind the stylesheet, font and lead image
            (React does the same for its own bootstrap modules). React Router passes the priority
            to its modulepreload links through our patch (docs/decisions/004-first-paint-first.md). */}
        <Scripts fetchPriority="low" />
      </body>
    </html>
  );
}

/**
 * Header, page, footer: the frame every page shares. A route whose `handle` says
 * `siteFooter: false` (the studio) has no footer.
 */
function Frame({ data, children }: { data: SiteData | undefined; children: ReactNode }) {
  const site = data?.site ?? defaultSite;
  const withFooter = !useMatches().some(
    (match) => (match.handle as SiteFooterHandle | undefined)?.siteFooter === false,
  );
  return (
    <>
      <a
        href="#content"
        className="sr-only z-50 rounded-md bg-accent px-3 py-2 text-sm font-medium text-accent-ink focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        Skip to content
      </a>
      <SiteHeader siteName={site.name} newsletterUrl={site.newsletterUrl} />
      <div id="content" tabIndex={-1} className="flex-1 outline-none">
        {children}
      </div>
      {withFooter && (
        <SiteFooter
          siteName={site.name}
          newsletterUrl={site.newsletterUrl}
          popular={data?.popular ?? []}
        />
      )}
    </>
  );
}

/**
 * The Google Analytics 4 tag (gtag.js) when GA_MEASUREMENT_ID is set, else nothing: no
 * third-party script by default. The id is safe to inline: the config only accepts `G-[A-Z0-9]+`.
 * GA4 counts client-side navigations itself (enhanced measurement, history events).
 */
function GoogleAnalyticsTag() {
  const id = useSiteData()?.site.gaMeasurementId;
  // The page's Content-Security-Policy admits scripts by nonce (apps/server/src/plugins/web.ts).
  const nonce = useNonce();
  if (!id) return null;
  return (
    <>
      <script async nonce={nonce} src={`https://www.googletagmanager.com/gtag/js?id=${id}`} />
      <script
        nonce={nonce}
        dangerouslySetInnerHTML={{
          __html: `window.dataLayer=window.dataLayer||[];function gtag(){dataLayer.push(arguments)}gtag("js",new Date());gtag("config",${JSON.stringify(id)});`,
        }}
      />
    </>
  );
}

/** The article a page is about (the article page's slug), for the viewer's marks on it. */
function useArticleSlug(): string | null {
  const article = useMatches().find((match) => match.id === "routes/article");
  return article?.params.slug ?? null;
}

/**
 * Every page inside the site's frame (skip link, header, footer), counting page views and loading
 * the viewer after hydration.
 */
export default function App({ loaderData }: Route.ComponentProps) {
  usePageViews();
  useViewerSync(useArticleSlug());
  return (
    <Frame data={loaderData}>
      <Outlet />
    </Frame>
  );
}

/**
 * The router's last boundary ("Unexpected Application Error!",
 * docs/product/site.md#error-boundary): the error's status line or message inside the frame, with
 * the site data when the root loader itself did not fail.
 */
export function ErrorBoundary() {
  const error = useRouteError();
  // The root loader's data is there unless the root loader itself failed.
  const data = useSiteData();
  const detail = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : "Unknown error";
  return (
    <Frame data={data}>
      <main className="mx-auto max-w-2xl px-4 py-16 sm:px-6">
        <h1 className="text-2xl font-semibold tracking-tight">Unexpected Application Error!</h1>
        <p className="mt-2 text-muted">{detail}</p>
      </main>
    </Frame>
  );
}

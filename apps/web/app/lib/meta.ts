// Page <head> tags on the root loader's site settings: title,
// description, canonical, Open Graph, Twitter card, JSON-LD with breadcrumbs, list pagination, feeds.
import type { SiteSettings } from "@pragmatist/contracts";
import type { MetaDescriptor } from "react-router";
import { defaultSite, type SiteData } from "./site-data";

/** A meta function's `matches`. */
type Matches = ReadonlyArray<{ id: string; loaderData?: unknown } | undefined>;

/** The root route's data from a meta function's `matches` (undefined when the root loader failed). */
export function rootDataFromMatches(matches: Matches): SiteData | undefined {
  return matches.find((m) => m?.id === "root")?.loaderData as SiteData | undefined;
}

/** The meta description of pages that give none of their own (the home page among them). */
export const defaultDescription =
  "Independent crypto research, newsletters and market reports: protocols, markets and regulation, explained with sources.";

/**
 * `url` as an absolute address on the public base (PUBLIC_URL, no trailing slash): site paths
 * such as "/uploads/a.webp" get the origin, absolute URLs stay. Link previews and structured data
 * need absolute URLs (Open Graph protocol, schema.org).
 */
export function absoluteUrl(url: string, publicUrl: string): string {
  try {
    return new URL(url, `${publicUrl}/`).href;
  } catch {
    return url;
  }
}

/** One step of a breadcrumb trail below Home: a name and the site path it links to. */
export interface Crumb {
  name: string;
  path: string;
}

/** One schema.org object (its "@context" is added when rendered). */
export type JsonLd = Record<string, unknown>;

/** The publication as a schema.org Organization (home page, and the publisher of articles). */
export function organizationJsonLd(site: SiteSettings): JsonLd {
  return { "@type": "Organization", name: site.name, url: `${site.publicUrl}/` };
}

/**
 * The feeds every page head announces (docs/product/site.md#page-head), titled with the site name
 * (SITE_NAME).
 */
export function feedLinks(siteName: string): { type: string; title: string; href: string }[] {
  const title = `${siteName} — all articles`;
  return [
    { type: "application/rss+xml", title, href: "/feed.xml" },
    { type: "application/atom+xml", title, href: "/feed.atom" },
  ];
}

/**
 * A picture for link previews: its address (absolute, or a site path made absolute) and, when
 * known, its size in pixels (og:image:width and og:image:height).
 */
export interface PageImage {
  url: string;
  width?: number | null | undefined;
  height?: number | null | undefined;
}

/** What one page tells {@link pageMeta} about itself. */
export interface PageMetaOptions {
  /** The meta function's `matches`, for the root loader's site settings. */
  matches: Matches;
  /** The page's own title; the site name is appended. Omit it on the home page. */
  title?: string | undefined;
  /** The meta description; {@link defaultDescription} when omitted or empty. */
  description?: string | undefined;
  /** The indexed path of the page, query included where it matters ("/authors/x?page=2"). */
  path: string;
  /** og:type: "website" unless said. */
  type?: "website" | "article" | "profile";
  /** A picture for link previews: its address, or `PageImage`; null or omitted: none. */
  image?: string | PageImage | null | undefined;
  /** The trail below Home, ending with this page: a BreadcrumbList (schema.org). */
  breadcrumbs?: Crumb[];
  /** Paths of the neighbouring pages of a paginated list: `<link rel="prev|next">`. */
  prev?: string | null;
  next?: string | null;
  /** A feed of this page's own articles, besides the site-wide ones in every head. */
  feed?: { title: string; path: string };
  /** Search results and the like: robots noindex, and no canonical. */
  noindex?: boolean;
  /**
   * The absolute address search engines should credit instead of `path` (an article first
   * published elsewhere): the rel=canonical link; og:url stays the page's own.
   */
  canonical?: string | null | undefined;
  /** The page's structured data, built on its absolute address and picture. */
  jsonLd?: (page: { url: string; image: string | null; site: SiteSettings }) => JsonLd[];
  /** More tags of this page (article:published_time …). */
  extra?: MetaDescriptor[];
}

/**
 * A page's `<title>`: "{title} — {site name}", the one separator of every page's title
 * (docs/product/site.md#page-head), or `title` alone before the site is known.
 */
export function pageTitle(title: string, siteName: string | undefined): string {
  return siteName ? `${title} — ${siteName}` : title;
}

/**
 * og:image (the absolute `url`) with og:image:width and og:image:height where `picture` gives them
 * (Open Graph protocol, structured properties: each follows its og:image).
 */
function ogImage(url: string, picture: PageImage): MetaDescriptor[] {
  const size = (key: "width" | "height") => {
    const value = picture[key];
    return value ? [{ property: `og:image:${key}`, content: String(value) }] : [];
  };
  return [{ property: "og:image", content: url }, ...size("width"), ...size("height")];
}

/**
 * The head tags of one page: `<title>` "{title} — {site name}", description, canonical and
 * og:url on PUBLIC_URL, og:site_name, og:type, og:title, og:description, og:image (absolute, with
 * its size when known), twitter:card (summary_large_image with a picture, else summary) and
 * twitter:image, rel prev/next, and JSON-LD (serialised by React Router's `script:ld+json`, which
 * escapes `<`, `>` and `&` as \u003c …).
 */
export function pageMeta(options: PageMetaOptions): MetaDescriptor[] {
  const site = rootDataFromMatches(options.matches)?.site ?? defaultSite;
  const title = options.title
    ? pageTitle(options.title, site.name)
    : `${site.name}: crypto research and market reports`;
  const description = options.description || defaultDescription;
  const url = absoluteUrl(options.path, site.publicUrl);
  const picture = typeof options.image === "string" ? { url: options.image } : options.image;
  const image = picture?.url ? absoluteUrl(picture.url, site.publicUrl) : null;
  const link = (rel: string, path: string | null | undefined): MetaDescriptor[] =>
    path ? [{ tagName: "link", rel, href: absoluteUrl(path, site.publicUrl) }] : [];
  const crumbs: Crumb[] = options.breadcrumbs
    ? [{ name: "Home", path: "/" }, ...options.breadcrumbs]
    : [];
  const jsonLd = [
    ...(options.jsonLd?.({ url, image, site }) ?? []),
    ...(crumbs.length > 1
      ? [
          {
            "@type": "BreadcrumbList",
            itemListElement: crumbs.map((c, i) => ({
              "@type": "ListItem",
              position: i + 1,
              name: c.name,
              item: absoluteUrl(c.path, site.publicUrl),
            })),
          },
        ]
      : []),
  ];
  return [
    { title },
    { name: "description", content: description },
    ...(options.noindex
      ? [{ name: "robots", content: "noindex" }]
      : link("canonical", options.canonical || options.path)),
    ...link("prev", options.prev),
    ...link("next", options.next),
    { property: "og:site_name", content: site.name },
    { property: "og:type", content: options.type ?? "website" },
    { property: "og:title", content: options.title ?? site.name },
    { property: "og:description", content: description },
    { property: "og:url", content: url },
    ...(image && picture ? ogImage(image, picture) : []),
    { name: "twitter:card", content: image ? "summary_large_image" : "summary" },
    ...(image ? [{ name: "twitter:image", content: image }] : []),
    ...(options.extra ?? []),
    ...(options.feed
      ? [
          {
            tagName: "link",
            rel: "alternate",
            type: "application/rss+xml",
            title: `${site.name} — ${options.feed.title}`,
            href: options.feed.path,
          },
        ]
      : []),
    ...jsonLd.map((data) => ({
      "script:ld+json": { "@context": "https://schema.org", ...data },
    })),
  ];
}

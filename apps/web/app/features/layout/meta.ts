// Page <meta> built on the root loader's site settings: title, description, Open Graph, canonical.
import type { MetaDescriptor } from "react-router";
import { defaultSite, type SiteData } from "./site-data";

/** The root route's data from a meta function's `matches` (undefined when the root loader failed). */
export function rootDataFromMatches(
  matches: ReadonlyArray<{ id: string; loaderData?: unknown } | undefined>,
): SiteData | undefined {
  return matches.find((m) => m?.id === "root")?.loaderData as SiteData | undefined;
}

export const defaultDescription =
  "Independent crypto research, newsletters and market reports: protocols, markets and regulation, explained with sources.";

/**
 * Meta tags for one page. `title` is the page's own title (the site name is appended; omit it on
 * the home page); `path` is the page's path for the canonical and og:url addresses.
 */
export function pageMeta(options: {
  matches: ReadonlyArray<{ id: string; loaderData?: unknown } | undefined>;
  title?: string | undefined;
  description?: string | undefined;
  path: string;
}): MetaDescriptor[] {
  const site = rootDataFromMatches(options.matches)?.site ?? defaultSite;
  const title = options.title
    ? `${options.title} · ${site.name}`
    : `${site.name}: crypto research and market reports`;
  const description = options.description ?? defaultDescription;
  const url = `${site.publicUrl}${options.path}`;
  return [
    { title },
    { name: "description", content: description },
    { property: "og:site_name", content: site.name },
    { property: "og:type", content: "website" },
    { property: "og:title", content: options.title ?? site.name },
    { property: "og:description", content: description },
    { property: "og:url", content: url },
    { name: "twitter:card", content: "summary" },
    { tagName: "link", rel: "canonical", href: url },
  ];
}

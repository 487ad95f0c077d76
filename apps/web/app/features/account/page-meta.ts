// Meta of the account and studio screens: a title with the site name, never indexed.
import type { MetaDescriptor } from "react-router";
import { pageTitle, rootDataFromMatches } from "../../lib/meta.ts";

/** `<title>` "{title} — {site name}" (`pageTitle`, the name from the root loader) and robots noindex. */
export function accountMeta(
  title: string,
  matches: ReadonlyArray<{ id: string; loaderData?: unknown } | undefined>,
): MetaDescriptor[] {
  const site = rootDataFromMatches(matches)?.site.name;
  return [{ title: pageTitle(title, site) }, { name: "robots", content: "noindex" }];
}

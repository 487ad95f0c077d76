// Meta of the account and studio screens: a title with the site name, never indexed.
import type { MetaDescriptor } from "react-router";
import { rootDataFromMatches } from "../../lib/meta.ts";

/** `<title>` "{title} · {site name}" (the name from the root loader) and robots noindex. */
export function accountMeta(
  title: string,
  matches: ReadonlyArray<{ id: string; loaderData?: unknown } | undefined>,
): MetaDescriptor[] {
  const site = rootDataFromMatches(matches)?.site.name;
  return [{ title: site ? `${title} · ${site}` : title }, { name: "robots", content: "noindex" }];
}

// Meta of the account screens: a title with the site name, never indexed. Kept apart from the
// layout's pageMeta so these lazily loaded routes share no extra chunk with every other page.
import type { MetaDescriptor } from "react-router";

/** `<title>` "{title} · {site name}" (the name from the root loader) and robots noindex. */
export function accountMeta(
  title: string,
  matches: ReadonlyArray<{ id: string; loaderData?: unknown } | undefined>,
): MetaDescriptor[] {
  const root = matches.find((m) => m?.id === "root")?.loaderData as
    { site?: { name?: string } } | undefined;
  const site = root?.site?.name;
  return [{ title: site ? `${title} · ${site}` : title }, { name: "robots", content: "noindex" }];
}

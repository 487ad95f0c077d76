// A category's or a tag's page (docs/product/reader.md#category-pages, #tag-pages): its head and
// its heading over one page of its articles, newest first, with Newer / Older links.
import type { MetaDescriptor } from "react-router";
import { pageMeta, type PageMetaOptions } from "../../lib/meta";
import { ArchiveList, Breadcrumbs } from "./archive";
import {
  ARCHIVE_PAGE_SIZE,
  articlesCount,
  pagePath,
  type TermArchive,
  termArchives,
} from "./listing";

/**
 * The page's head: its title (with "page N of M" after page 1), description, canonical address,
 * prev/next links, breadcrumbs Home › term, the newest article's picture and CollectionPage
 * JSON-LD listing this page's articles, newest first.
 */
export function termArchiveMeta(
  matches: PageMetaOptions["matches"],
  { kind, term, list, path }: TermArchive,
): MetaDescriptor[] {
  const name = termArchives[kind].shown(term.name);
  const on = list.page > 1 ? ` (page ${list.page} of ${list.pageCount})` : "";
  const about = kind === "tag" ? `Articles tagged ${name}` : name;
  const description = `${about}: crypto research, newsletters and market reports, newest first. ${articlesCount(list.total)}.`;
  return pageMeta({
    matches,
    title: `${name}${on}`,
    description,
    path: pagePath(path, list.page),
    // The newest article's picture stands for the term in link previews.
    image: list.articles.find((a) => a.thumbnail)?.thumbnail?.url,
    breadcrumbs: [{ name, path }],
    prev: list.page > 1 ? pagePath(path, list.page - 1) : null,
    next: list.page < list.pageCount ? pagePath(path, list.page + 1) : null,
    jsonLd: ({ url }) => [
      {
        "@type": "CollectionPage",
        name,
        description,
        url,
        mainEntity: {
          "@type": "ItemList",
          numberOfItems: list.total,
          itemListElement: list.articles.map((a, i) => ({
            "@type": "ListItem",
            position: (list.page - 1) * ARCHIVE_PAGE_SIZE + i + 1,
            url: new URL(`/p/${encodeURIComponent(a.slug)}`, url).href,
            name: a.title,
          })),
        },
      },
    ],
  });
}

/**
 * Breadcrumbs, the term's kind, name and article count (with the page number after page 1), then
 * the page of its articles with Newer / Older links.
 */
export function TermArchivePage({ data }: { data: TermArchive }) {
  const { kind, term, list, path } = data;
  const name = termArchives[kind].shown(term.name);
  return (
    <div className="flex flex-col gap-6">
      <Breadcrumbs trail={[{ name, path }]} />
      <header>
        <p className="text-xs font-semibold tracking-wider text-accent uppercase">
          {termArchives[kind].eyebrow}
        </p>
        <h1 className="mt-1 text-2xl font-semibold tracking-tight text-ink sm:text-[1.75rem]">
          {name}
        </h1>
        <p className="tabular mt-1.5 text-[0.9375rem] leading-6 text-muted">
          {articlesCount(list.total)}, newest first
          {list.page > 1 ? ` · page ${list.page} of ${list.pageCount}` : "."}
        </p>
      </header>
      <ArchiveList path={path} data={list} heading={`${name} articles`} />
    </div>
  );
}

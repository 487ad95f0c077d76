// Server-only: an article's text rendered to HTML once, so a reader's browser never downloads the
// parser or the code highlighter.
import { createHash } from "node:crypto";
import { headingAnchor } from "@pragmatist/contracts";
import { LRUCache } from "lru-cache";
import type { ComponentPropsWithoutRef, ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import type { Components } from "react-markdown";
import { HighlightedCode } from "../../components/highlighted-code.tsx";
import { ArticleText, markdownComponents } from "../../components/markdown.tsx";
import type { ArticleHeading } from "./article-contents.tsx";

/** A heading renderer's props: the element's own and the syntax tree's node. */
type Props<T extends "h2"> = ComponentPropsWithoutRef<T> & { node?: unknown };

/** A node of the syntax tree react-markdown hands its renderers (hast). */
interface HastNode {
  type: string;
  value?: string;
  children?: HastNode[];
}

/** The text of a node and its descendants. */
const textOf = (node: HastNode | undefined): string =>
  node?.type === "text" ? (node.value ?? "") : (node?.children ?? []).map(textOf).join("");

const HEADINGS = ["h1", "h2", "h3", "h4", "h5", "h6"] as const;

/** An article's text as HTML, and its headings that have an anchor, in the text's order. */
export interface RenderedArticle {
  html: string;
  headings: ArticleHeading[];
}

/**
 * Heading renderers for one article that give each heading its anchor as its id
 * (`headingAnchor` of its text, GitHub's rule; "-1", "-2"… for a repeated one, as GitHub does),
 * so the in-page links the text keeps (docs/product/reader.md#imported-articles) and the
 * contents (docs/product/reader.md#contents) land on their section; each anchored heading is
 * added to `found` as it renders.
 */
function anchoredHeadings(found: ArticleHeading[]): Components {
  const seen = new Map<string, number>();
  const anchor = (node: HastNode | undefined) => {
    const base = headingAnchor(textOf(node));
    const repeats = seen.get(base) ?? 0;
    seen.set(base, repeats + 1);
    return base && repeats ? `${base}-${repeats}` : base || undefined;
  };
  return Object.fromEntries(
    HEADINGS.map((tag) => {
      const Heading = markdownComponents[tag] as (props: Props<"h2">) => ReactNode;
      const Anchored = ({ node, ...rest }: Props<"h2">) => {
        const id = anchor(node as HastNode);
        if (id) found.push({ level: Number(tag[1]), id, text: textOf(node as HastNode).trim() });
        return <Heading node={node} id={id} {...rest} />;
      };
      return [tag, Anchored];
    }),
  );
}

/**
 * Renders the text with the shared Markdown renderer (raw HTML as text, safe URLs) to an HTML
 * string for `ArticleBody`, code blocks highlighted (`HighlightedCode`), headings with their
 * anchors as ids (`anchoredHeadings`), and lists those headings. The output is React's
 * escaped markup of our own element renderers and highlight.js's escaped spans, so injecting it is
 * as safe as rendering the elements. Saves ~80 KiB gzip of client JavaScript, and the highlighter.
 */
export function renderArticle(content: string, markdown: boolean): RenderedArticle {
  const key = createHash("sha256")
    .update(markdown ? "md\n" : "text\n")
    .update(content)
    .digest("base64url");
  const cached = rendered.get(key);
  if (cached !== undefined) return cached;
  const headings: ArticleHeading[] = [];
  const components: Components = { code: HighlightedCode, ...anchoredHeadings(headings) };
  const html = renderToStaticMarkup(
    <ArticleText content={content} markdown={markdown} components={components} />,
  );
  const article = { html, headings };
  rendered.set(key, article);
  return article;
}

/** `renderArticle`'s HTML alone (a newsletter issue's intro and post). */
export function renderArticleHtml(content: string, markdown: boolean): string {
  return renderArticle(content, markdown).html;
}

// Rendering Markdown costs milliseconds; the same text always gives the same HTML, so the result
// is kept by a hash of the text (an edit changes the hash), up to 32 MB.
const rendered = new LRUCache<string, RenderedArticle>({
  maxSize: 32 * 1024 * 1024,
  sizeCalculation: (v) => v.html.length + 64 * (v.headings.length + 1),
});

/** A long read: this reading time or more (minutes, about 900 words at 230 a minute)… */
const LONG_READ_MINUTES = 4;
/** …with at least this many section headings (`##` and `###`). */
const CONTENTS_MIN_HEADINGS = 3;

/**
 * The contents of a long read (docs/product/reader.md#contents): the text's `##` and `###`
 * headings (levels 2 and 3) when the article takes `readingTimeMinutes` ≥ 4 to read and has 3 or
 * more of them; else null (no contents, no reading-progress bar).
 */
export function contentsOf(
  headings: readonly ArticleHeading[],
  readingTimeMinutes: number,
): ArticleHeading[] | null {
  const sections = headings.filter((heading) => heading.level === 2 || heading.level === 3);
  return readingTimeMinutes >= LONG_READ_MINUTES && sections.length >= CONTENTS_MIN_HEADINGS
    ? sections
    : null;
}

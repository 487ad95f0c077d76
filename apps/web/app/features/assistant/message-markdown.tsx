// A message's text in the bubble (docs/product/max.md#message-bubble): split on newlines, each line
// rendered as Markdown with the article's safe renderer (raw HTML as text, only
// http(s)/irc(s)/mailto/xmpp or relative URLs), sized for a chat bubble; links inside the site
// navigate without reloading the page.
import { type ComponentPropsWithoutRef, memo, type ReactNode } from "react";
import remend from "remend";
import type { Components } from "react-markdown";
import { Link } from "react-router";
import { markdownComponents, MarkdownContent } from "../../components/markdown.tsx";
import { sitePath } from "../../lib/safe-url.ts";
import { markdownLines } from "./markdown-lines.ts";

type Props<T extends "a" | "h1"> = ComponentPropsWithoutRef<T> & { node?: unknown };

/** The article renderer's link (external addresses open in a new tab, emptied ones lose the link). */
const ArticleLink = markdownComponents.a as (props: Props<"a">) => ReactNode;

/** A heading inside an answer: a bold line, not a page section. */
function Heading({ node: _node, className: _className, ...rest }: Props<"h1">) {
  return <p className="font-semibold" {...rest} />;
}

/** Bubble-sized overrides of the article renderer: compact headings, site links via the router. */
const bubbleComponents: Components = {
  h1: Heading,
  h2: Heading,
  h3: Heading,
  h4: Heading,
  a: ({ node, href, children, ...rest }: Props<"a">) => {
    // A site address (the login link of docs/product/max.md#assistant-credits, a cited article)
    // stays in the app; the URL rule ran first.
    const path = sitePath(href);
    return path ? (
      <Link
        to={path}
        className="font-medium text-accent underline decoration-accent/40 underline-offset-2 hover:decoration-accent"
      >
        {children}
      </Link>
    ) : (
      <ArticleLink node={node} href={href} {...rest}>
        {children}
      </ArticleLink>
    );
  },
};

/** One line (or one table, one code block) as Markdown; memoised, so a growing answer re-parses its last line only. */
const Line = memo(function Line({ source }: { source: string }) {
  return (
    <div className="[&>*]:my-0! [&_li]:pl-0 [&_ol]:pl-5 [&_pre]:p-3 [&_ul]:pl-5">
      <MarkdownContent components={bubbleComponents}>{source}</MarkdownContent>
    </div>
  );
});

/**
 * The text as its lines, one Markdown rendering each. A `partial` text (an answer still arriving
 * or being revealed) has the unfinished Markdown of its last line completed by remend, so "**up 2"
 * shows as bold, not as asterisks, and a link still arriving as its words (eval class R8,
 * docs/product/max.md#eval-classes).
 */
export function MessageMarkdown({ text, partial = false }: { text: string; partial?: boolean }) {
  const lines = markdownLines(text);
  // Only the last line is still arriving; each line is its own Markdown.
  if (partial && lines.length > 0) lines.push(remend(lines.pop()!, { linkMode: "text-only" }));
  return (
    <div className="space-y-1.5 break-words">
      {lines.map((line, i) => (
        <Line key={i} source={line} />
      ))}
    </div>
  );
}

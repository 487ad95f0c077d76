// Code blocks highlighted as the article page shows them: on the server for the page
// (features/reader/article-html.server.tsx), and in the studio's preview, which loads it lazily
// with the Markdown renderer (a reader's browser never gets the highlighter).
import hljs from "highlight.js/lib/common";
import type { ComponentPropsWithoutRef, ReactNode } from "react";
import { markdownComponents } from "./markdown.tsx";

/** A renderer's props: the element's own and the syntax tree's node. */
type Props = ComponentPropsWithoutRef<"code"> & { node?: unknown };

/** The shared renderer's code element (its classes), which the highlighted one builds on. */
const Code = markdownComponents.code as (props: Props) => ReactNode;

/**
 * A fenced code block whose language highlight.js knows (its "common" set: JavaScript,
 * TypeScript, Python, Bash, JSON, SQL, Rust, Go and about 30 more, with their aliases such as
 * `js`, `py`, `sh`) is highlighted: spans with `hljs-*` classes that app.css colours, never inline
 * styles (docs/decisions/003-csp-nonces.md). highlight.js escapes the code (`&`, `<`, `>`, `"`,
 * `'`), so the markup holds nothing but its own spans (OWASP XSS prevention: output encoding).
 * Other code (no language, an unknown one, inline code) is left as it is.
 */
export function HighlightedCode({ className, children, ...rest }: Props) {
  const language = /(?:^|\s)language-(\S+)/.exec(className ?? "")?.[1];
  if (!language || typeof children !== "string" || !hljs.getLanguage(language)) {
    return (
      <Code className={className} {...rest}>
        {children}
      </Code>
    );
  }
  const { value } = hljs.highlight(children, { language, ignoreIllegals: true });
  return (
    <Code className={`hljs ${className}`} {...rest} dangerouslySetInnerHTML={{ __html: value }} />
  );
}

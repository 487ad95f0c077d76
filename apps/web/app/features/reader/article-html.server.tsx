// Server-only: an article's text rendered to HTML once, so the browser never downloads the parser.
import { createHash } from "node:crypto";
import { LRUCache } from "lru-cache";
import { renderToStaticMarkup } from "react-dom/server";
import { ArticleText } from "../../components/markdown.tsx";

/**
 * Renders the text with the shared Markdown renderer (raw HTML as text, safe URLs) to an HTML
 * string for `ArticleBody`. The output is React's escaped markup of our own element renderers,
 * so injecting it is as safe as rendering the elements. Saves ~80 KiB gzip of client JavaScript.
 */
export function renderArticleHtml(content: string, markdown: boolean): string {
  const key = createHash("sha256")
    .update(markdown ? "md\n" : "text\n")
    .update(content)
    .digest("base64url");
  const cached = rendered.get(key);
  if (cached !== undefined) return cached;
  const html = renderToStaticMarkup(<ArticleText content={content} markdown={markdown} />);
  rendered.set(key, html);
  return html;
}

// Rendering Markdown costs milliseconds; the same text always gives the same HTML, so the result
// is kept by a hash of the text (an edit changes the hash), up to 32 MB.
const rendered = new LRUCache<string, string>({
  maxSize: 32 * 1024 * 1024,
  sizeCalculation: (v) => v.length + 64,
});

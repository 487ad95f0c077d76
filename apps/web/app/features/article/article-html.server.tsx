// Server-only: an article's text rendered to HTML once, so the browser never downloads the parser.
import { renderToStaticMarkup } from "react-dom/server";
import { ArticleText } from "./markdown.tsx";

/**
 * Renders the text with the shared Markdown renderer (raw HTML as text, safe URLs) to an HTML
 * string for `ArticleBody`. The output is React's escaped markup of our own element renderers,
 * so injecting it is as safe as rendering the elements. Saves ~80 KiB gzip of client JavaScript.
 */
export function renderArticleHtml(content: string, markdown: boolean): string {
  return renderToStaticMarkup(<ArticleText content={content} markdown={markdown} />);
}

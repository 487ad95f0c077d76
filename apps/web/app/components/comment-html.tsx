// A comment's text as the server rendered it (docs/product/reader.md#comment-text): the thread,
// the composer's preview and the studio's moderation queue show the same HTML, styled once
// (`.comment-text` in app.css).

/**
 * `html`, a comment's `contentHtml` (or a preview's): rendered and sanitised on the server by the
 * one renderer of comment text, so it is inserted as it is; `className` adds to the text's own
 * styles. Marked `data-comment-text` (the journeys find comment text by it).
 */
export function CommentHtml({ html, className = "" }: { html: string; className?: string }) {
  return (
    <div
      data-comment-text=""
      className={`comment-text ${className}`}
      // The server's sanitised output (apps/server/src/text/comment-markdown.ts), never raw input.
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}

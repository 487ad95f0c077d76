// A comment's words as React text nodes; only http(s) addresses become links
// (docs/product/reader.md#comment-thread).
import { linkify } from "./linkify.ts";

/** A comment's text as a paragraph keeping its line breaks, with `className` added. */
export function CommentText({ text, className = "" }: { text: string; className?: string }) {
  return (
    <p data-comment-text="" className={`break-words whitespace-pre-wrap ${className}`}>
      {linkify(text).map((piece, i) =>
        piece.href ? (
          <a
            key={i}
            href={piece.href}
            rel="nofollow ugc noopener noreferrer"
            target="_blank"
            className="text-accent underline underline-offset-2 hover:no-underline"
          >
            {piece.text}
          </a>
        ) : (
          piece.text
        ),
      )}
    </p>
  );
}

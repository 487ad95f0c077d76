// The composer's Preview (docs/product/reader.md#comment-composer): the draft as its comment will
// look, rendered by the server's one renderer of comment text (POST /api/comment-manager/preview).
import { useRef, useState } from "react";
import { commentsApi } from "./comments-api.ts";
import type { CommentPreview } from "./composer.tsx";
import type { CommentDraft } from "./use-comment-draft.ts";
import type { CommentMarks } from "./use-comment-marks.ts";

/**
 * The Write / Preview switch over the `draft` of a comment under the article `slug` (its mentions
 * are previewed as links there): the preview is of the text it was asked for, so
 * once the text changes (Send empties it) the box is back by itself. An answer arriving after
 * the reader went back to Write, or asked again, is dropped. `failure` gives a refusal's sentence
 * (a lapsed session goes to sign in), as for Send.
 */
export function useCommentPreview(
  slug: string,
  marks: CommentMarks,
  draft: CommentDraft,
  failure: (error: unknown) => string,
): CommentPreview {
  const [previewed, setPreviewed] = useState<string | null>(null);
  const [html, setHtml] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const latest = useRef(0);

  async function preview() {
    if (marks.viewer === "anonymous") return draft.toLogin();
    const call = ++latest.current;
    const text = draft.typed();
    draft.setText(text);
    setPreviewed(text);
    setError(null);
    setHtml(text.trim() === "" ? "" : null);
    if (text.trim() === "") return;
    try {
      const { contentHtml } = await commentsApi.preview(text.trim(), slug);
      if (call === latest.current) setHtml(contentHtml);
    } catch (e) {
      if (call === latest.current) setError(failure(e));
    }
  }

  return {
    showing: previewed !== null && previewed === draft.text,
    html,
    error,
    onWrite() {
      latest.current += 1;
      setPreviewed(null);
      draft.fieldRef.current?.focus();
    },
    onPreview: () => void preview(),
  };
}

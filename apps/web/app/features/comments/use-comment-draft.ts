// The composer's draft (docs/product/reader.md#comment-composer): its text and reply
// target, kept in sessionStorage through a signed-out reader's sign-in and restored after it.
import { useEffect, useRef, useState } from "react";
import { useNavigate } from "react-router";
import type { ReplyTarget } from "./composer.tsx";

/** sessionStorage key of a signed-out reader's draft for one article (kept through sign-in). */
const draftKey = (slug: string) => `pragmatist.commentDraft.${slug}`;

/** The sign-in page, back to the article's comments after it. */
export function commentsLoginUrl(slug: string): string {
  return `/login?next=${encodeURIComponent(`/p/${slug}#comments`)}`;
}

/**
 * The draft's `text` and `replyTo`, the box's `fieldRef`, and `hydrated` (set on mount, when a
 * kept draft comes back and is removed from storage; a damaged one is dropped). `typed()` reads
 * the box itself (words typed before hydration are not in React state yet); `toLogin()` keeps the
 * draft and goes to sign in.
 */
export function useCommentDraft(slug: string) {
  const navigate = useNavigate();
  const [text, setText] = useState("");
  const [replyTo, setReplyTo] = useState<ReplyTarget | null>(null);
  const [hydrated, setHydrated] = useState(false);
  const fieldRef = useRef<HTMLTextAreaElement>(null);

  // A draft kept through sign-in comes back (docs/product/reader.md#comment-composer).
  useEffect(() => {
    setHydrated(true);
    const saved = sessionStorage.getItem(draftKey(slug));
    if (!saved) return;
    try {
      const draft = JSON.parse(saved) as { text?: string; replyTo?: ReplyTarget | null };
      setText(draft.text ?? "");
      setReplyTo(draft.replyTo ?? null);
    } catch {
      // A damaged draft is dropped.
    }
    sessionStorage.removeItem(draftKey(slug));
  }, [slug]);

  // Read from the box itself: words typed before hydration are not in React state yet.
  const typed = () => fieldRef.current?.value ?? text;

  function toLogin() {
    sessionStorage.setItem(draftKey(slug), JSON.stringify({ text: typed(), replyTo }));
    void navigate(commentsLoginUrl(slug));
  }

  return { text, setText, replyTo, setReplyTo, hydrated, fieldRef, typed, toLogin };
}

/** The draft's state and actions, as `useCommentDraft` returns them. */
export type CommentDraft = ReturnType<typeof useCommentDraft>;

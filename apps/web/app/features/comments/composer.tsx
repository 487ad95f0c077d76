// The comment composer (docs/product/reader.md#comment-composer): a 4-row box and Send, for
// everyone. Replying shows the parent's text with a cancel cross. Signed-out readers keep their
// draft through the sign-in.
import { type FormEvent, type RefObject, useId } from "react";
import { CloseIcon, Spinner } from "../../components/ui/action-icons.tsx";
import { Button } from "../../components/ui/button.tsx";

/** Mirrors COMMENT_MAX in packages/contracts/src/comments.ts (not imported: it would bring zod). */
export const COMMENT_MAX = 5000;

/** The comment being replied to: its id, its author's name and its text (for the note). */
export interface ReplyTarget {
  id: number;
  author: string;
  text: string;
}

/**
 * The composer's state, owned by the panel: the draft `text` (with `onText` for each change), the
 * reply target and its cancel, `onSend` for a submit, `sending`, the `error` sentence and the box.
 */
export interface ComposerProps {
  text: string;
  onText: (text: string) => void;
  replyTo: ReplyTarget | null;
  onCancelReply: () => void;
  onSend: () => void;
  sending: boolean;
  error: string | null;
  fieldRef: RefObject<HTMLTextAreaElement | null>;
}

/** At most `max` characters on one line, cut at a word when it can be, with an ellipsis. */
export function truncate(text: string, max = 120): string {
  const flat = text.replace(/\s+/gu, " ").trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max);
  const space = cut.lastIndexOf(" ");
  return `${space > max / 2 ? cut.slice(0, space) : cut}…`;
}

/**
 * The comment box (4 rows, at most COMMENT_MAX characters) and Send, disabled only while sending:
 * an empty text is the panel's to refuse. Replying, the parent's author and text (`truncate`) show
 * above it with a cross that cancels the reply.
 */
export function Composer(props: ComposerProps) {
  const { text, replyTo, sending, error } = props;
  const fieldId = useId();
  function submit(event: FormEvent) {
    event.preventDefault();
    props.onSend();
  }
  return (
    <form onSubmit={submit} className="space-y-2" aria-busy={sending || undefined}>
      {replyTo && (
        <div className="flex items-start gap-2 rounded-lg border-l-2 border-accent bg-line/40 py-2 pr-1 pl-3 text-sm">
          <p className="min-w-0 flex-1 text-muted">
            Replying to <span className="font-medium text-ink">{replyTo.author}</span>:{" "}
            <span className="break-words italic">“{truncate(replyTo.text)}”</span>
          </p>
          <button
            type="button"
            onClick={props.onCancelReply}
            aria-label="Cancel reply"
            title="Cancel reply"
            className="shrink-0 rounded p-1 text-muted hover:bg-line hover:text-ink focus-visible:outline-2 focus-visible:outline-accent"
          >
            <CloseIcon size={16} />
          </button>
        </div>
      )}
      <label htmlFor={fieldId} className="sr-only">
        {replyTo ? `Reply to ${replyTo.author}` : "Write a comment"}
      </label>
      <textarea
        id={fieldId}
        ref={props.fieldRef}
        rows={4}
        maxLength={COMMENT_MAX}
        value={text}
        onChange={(e) => props.onText(e.target.value)}
        placeholder={replyTo ? "Write a reply…" : "Share your thoughts…"}
        className="block w-full resize-y rounded-lg border border-line bg-surface px-3 py-2 text-[0.9375rem] leading-relaxed text-ink placeholder:text-muted focus:border-accent focus:outline-2 focus:outline-accent/30"
      />
      <div className="flex items-center justify-between gap-3">
        <p role="status" className="min-w-0 text-sm text-red-700 dark:text-red-400">
          {error}
        </p>
        <Button type="submit" disabled={sending} className="min-w-20">
          {sending && <Spinner size={14} />}
          Send
        </Button>
      </div>
    </form>
  );
}

// The comment composer (docs/product/reader.md#comment-composer): a 4-row box and Send, for
// everyone, with a Write / Preview switch and the formatting hint. Replying shows the parent's
// text with a cancel cross. Signed-out readers keep their draft through the sign-in. Members get
// mention suggestions after `@` (docs/product/reader.md#mentions) from a box loaded on first focus.
import { type FormEvent, type RefObject, useId } from "react";
import { CommentHtml } from "../../components/comment-html.tsx";
import { CloseIcon, Spinner } from "../../components/ui/action-icons.tsx";
import { Button } from "../../components/ui/button.tsx";
import { useMentionBox } from "./mention-box.tsx";

/** Mirrors COMMENT_MAX in packages/contracts/src/comments.ts (not imported: it would bring zod). */
export const COMMENT_MAX = 5000;

/** The formatting a comment takes, as the hint under the box says it (reader.md#comment-text). */
export const FORMATTING_HINT = "**bold**, *italic*, `code`, > quote, - list, links";

/** The comment being replied to: its id, its author's name and its text (for the note). */
export interface ReplyTarget {
  id: number;
  author: string;
  text: string;
}

/** The composer's preview (use-comment-preview.ts), as the composer shows it. */
export interface CommentPreview {
  /** The preview shows instead of the box: it was asked for the draft's text as it is now. */
  showing: boolean;
  /** The rendered text: "" for a blank draft, null while it loads or after a refusal. */
  html: string | null;
  /** The refused preview's sentence (the panel's, as for Send). */
  error: string | null;
  /** Back to the box, the text as it was. */
  onWrite: () => void;
  /** Renders the draft: a visitor goes to sign in with the draft kept, as Send takes them. */
  onPreview: () => void;
}

/**
 * The composer's state, owned by the panel: the draft `text` (with `onText` for each change), the
 * reply target and its cancel, `onSend` for a submit, the `preview`, `sending`, the `error`
 * sentence, the box, and `mentionsIn`: the article whose members a signed-in writer is offered
 * after `@` (null: no suggestions, for visitors).
 */
export interface ComposerProps {
  text: string;
  onText: (text: string) => void;
  replyTo: ReplyTarget | null;
  onCancelReply: () => void;
  onSend: () => void;
  preview: CommentPreview;
  sending: boolean;
  error: string | null;
  fieldRef: RefObject<HTMLTextAreaElement | null>;
  mentionsIn?: string | null;
}

/** At most `max` characters on one line, cut at a word when it can be, with an ellipsis. */
export function truncate(text: string, max = 120): string {
  const flat = text.replace(/\s+/gu, " ").trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max);
  const space = cut.lastIndexOf(" ");
  return `${space > max / 2 ? cut.slice(0, space) : cut}…`;
}

/** "Replying to {name}: “{their text}”" with the cross that cancels the reply. */
function ReplyNote({ replyTo, onCancel }: { replyTo: ReplyTarget; onCancel: () => void }) {
  return (
    <div className="flex items-start gap-2 rounded-lg border-l-2 border-accent bg-line/40 py-2 pr-1 pl-3 text-sm">
      <p className="min-w-0 flex-1 text-muted">
        Replying to <span className="font-medium text-ink">{replyTo.author}</span>:{" "}
        <span className="break-words italic">“{truncate(replyTo.text)}”</span>
      </p>
      <button
        type="button"
        onClick={onCancel}
        aria-label="Cancel reply"
        title="Cancel reply"
        className="shrink-0 rounded p-1 text-muted hover:bg-line hover:text-ink focus-visible:outline-2 focus-visible:outline-accent"
      >
        <CloseIcon size={16} />
      </button>
    </div>
  );
}

const switchClass =
  "rounded-md px-2.5 py-1 font-medium text-muted hover:text-ink focus-visible:outline-2 focus-visible:outline-accent aria-pressed:bg-surface aria-pressed:text-ink aria-pressed:shadow-sm";

/** "Write" and "Preview", the one showing pressed. */
function ViewSwitch({ preview }: { preview: CommentPreview }) {
  return (
    <div
      role="group"
      aria-label="Write or preview"
      className="inline-flex gap-1 rounded-lg bg-line/50 p-0.5 text-sm"
    >
      <button
        type="button"
        aria-pressed={!preview.showing}
        onClick={preview.onWrite}
        className={switchClass}
      >
        Write
      </button>
      <button
        type="button"
        aria-pressed={preview.showing}
        onClick={preview.onPreview}
        className={switchClass}
      >
        Preview
      </button>
    </div>
  );
}

/** The draft as its comment will look, where the box was: loading, blank, refused or the text. */
function PreviewPane({ preview }: { preview: CommentPreview }) {
  const { html, error } = preview;
  return (
    <section
      aria-label="Preview"
      aria-busy={(html === null && !error) || undefined}
      className="min-h-[7.25rem] rounded-lg border border-line bg-surface px-3 py-2 text-[0.9375rem] leading-relaxed text-ink"
    >
      {error ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {error}
        </p>
      ) : html === null ? (
        <p className="flex items-center gap-2 text-sm text-muted">
          <Spinner size={14} />
          Loading preview…
        </p>
      ) : html === "" ? (
        <p className="text-sm text-muted">Nothing to preview</p>
      ) : (
        <CommentHtml html={html} />
      )}
    </section>
  );
}

/**
 * The comment box (4 rows, at most COMMENT_MAX characters), or in its place the preview, with the
 * Write / Preview switch above and the formatting hint and Send below; Send is disabled only while
 * sending: an empty text is the panel's to refuse. Replying, the parent's author and text
 * (`truncate`) show above it with a cross that cancels the reply.
 */
export function Composer(props: ComposerProps) {
  const { text, replyTo, preview, sending, error } = props;
  const fieldId = useId();
  const hintId = useId();
  const labelId = useId();
  const mentions = useMentionBox(props.mentionsIn ?? null, text, props.onText);
  function submit(event: FormEvent) {
    event.preventDefault();
    props.onSend();
  }
  return (
    <form onSubmit={submit} className="space-y-2" aria-busy={sending || undefined}>
      {replyTo && <ReplyNote replyTo={replyTo} onCancel={props.onCancelReply} />}
      <label id={labelId} htmlFor={fieldId} className="sr-only">
        {replyTo ? `Reply to ${replyTo.author}` : "Write a comment"}
      </label>
      <ViewSwitch preview={preview} />
      <div className="relative">
        <textarea
          id={fieldId}
          ref={props.fieldRef}
          hidden={preview.showing}
          rows={4}
          maxLength={COMMENT_MAX}
          value={text}
          {...mentions.events}
          placeholder={replyTo ? "Write a reply…" : "Share your thoughts…"}
          aria-describedby={hintId}
          className="block w-full resize-y rounded-lg border border-line bg-surface px-3 py-2 text-[0.9375rem] leading-relaxed text-ink placeholder:text-muted focus:border-accent focus:outline-2 focus:outline-accent/30"
        />
        {mentions.list({ fieldRef: props.fieldRef, inputId: fieldId, labelId })}
      </div>
      {preview.showing && <PreviewPane preview={preview} />}
      <p id={hintId} className="text-xs text-muted">
        <span className="sr-only">Formatting: </span>
        {FORMATTING_HINT}
      </p>
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

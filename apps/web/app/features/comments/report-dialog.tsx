// "Report this comment?" (docs/product/reader.md#comment-actions): why (spam, harassment,
// off-topic, or other with an optional note), then a confirmation before anything is sent, in a
// modal dialog.
import {
  REPORT_NOTE_MAX,
  type ReportBody,
  type ReportReason,
  reportReasonLabels,
  reportReasons,
} from "@pragmatist/contracts";
import { type FormEvent, type RefObject, useId, useRef, useState } from "react";
import { Button } from "../../components/ui/button.tsx";
import { Dialog } from "../../components/ui/dialog.tsx";
import { Spinner } from "../../components/ui/action-icons.tsx";

/** What each reason covers, under its name. */
const REASON_HINTS: Record<ReportReason, string> = {
  spam: "Advertising, scams or the same links again and again",
  harassment: "Insults, threats or attacks on a person",
  "off-topic": "Nothing to do with this article",
  other: "Something else the editors should look at",
};

/** The dialog's props; see `ReportDialog`. */
export interface ReportDialogProps {
  open: boolean;
  /** The reported comment's author, as the comment shows them. */
  author: string;
  /** The report is on its way: the button waits. */
  busy: boolean;
  /** The refusal's sentence, shown in the dialog; null when there is none. */
  error: string | null;
  onReport: (report: ReportBody) => void;
  onClose: () => void;
}

/** The reasons as a radio group, each with what it covers; the first one takes `firstRef`. */
function ReasonChoices({
  reason,
  onChange,
  firstRef,
  describedBy,
}: {
  reason: ReportReason | null;
  onChange: (reason: ReportReason) => void;
  firstRef: RefObject<HTMLInputElement | null>;
  /** The id of the message about the choice (none made yet), if it shows. */
  describedBy: string | undefined;
}) {
  return (
    <fieldset className="mt-4" aria-describedby={describedBy}>
      <legend className="mb-2 text-sm font-medium">Why are you reporting it?</legend>
      <div className="space-y-1">
        {reportReasons.map((value, i) => (
          <label
            key={value}
            className="flex cursor-pointer items-start gap-3 rounded-lg px-2 py-1.5 hover:bg-line/40"
          >
            <input
              ref={i === 0 ? firstRef : undefined}
              type="radio"
              name="reason"
              value={value}
              checked={reason === value}
              onChange={() => onChange(value)}
              className="mt-1 size-4 shrink-0 accent-accent"
            />
            <span className="text-sm">
              <span className="block font-medium text-ink">{reportReasonLabels[value]}</span>
              <span className="block text-muted">{REASON_HINTS[value]}</span>
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/**
 * The report dialog: a radio group of `reportReasons` (none chosen at first; "Report comment"
 * without one says "Choose a reason"), a note of at most REPORT_NOTE_MAX characters for "other",
 * Cancel (focused first, so Enter never reports by accident) and "Report comment", which sends.
 * A refusal shows inside, as an alert; the dialog stays open.
 */
export function ReportDialog({ open, author, busy, error, onReport, onClose }: ReportDialogProps) {
  const id = useId();
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [note, setNote] = useState("");
  const [missing, setMissing] = useState(false);
  const firstReason = useRef<HTMLInputElement>(null);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    if (!reason) {
      setMissing(true);
      firstReason.current?.focus();
      return;
    }
    const trimmed = note.trim();
    onReport(reason === "other" && trimmed ? { reason, note: trimmed } : { reason });
  }

  const message = missing && !reason ? "Choose a reason" : error;
  return (
    <Dialog open={open} onClose={() => !busy && onClose()} labelledBy={`${id}-title`}>
      <form className="p-5" onSubmit={submit} noValidate aria-busy={busy}>
        <h2 id={`${id}-title`} className="text-lg font-semibold tracking-tight">
          Report this comment?
        </h2>
        <p className="mt-1 text-sm text-muted">
          The editors review every report. {author} is not told who reported it.
        </p>
        <ReasonChoices
          reason={reason}
          onChange={setReason}
          firstRef={firstReason}
          describedBy={message ? `${id}-message` : undefined}
        />
        {reason === "other" && (
          <div className="mt-3">
            <label htmlFor={`${id}-note`} className="mb-1 block text-sm font-medium">
              What is wrong with it? (optional)
            </label>
            <textarea
              id={`${id}-note`}
              rows={3}
              maxLength={REPORT_NOTE_MAX}
              value={note}
              onChange={(e) => setNote(e.target.value)}
              className="block w-full resize-y rounded-lg border border-line bg-surface px-3 py-2 text-sm text-ink focus:border-accent focus:outline-2 focus:outline-accent/30"
            />
          </div>
        )}
        {message && (
          <p
            id={`${id}-message`}
            role="alert"
            className="mt-3 text-sm text-red-700 dark:text-red-400"
          >
            {message}
          </p>
        )}
        <div className="mt-5 flex justify-end gap-2">
          <Button variant="secondary" onClick={onClose} disabled={busy} data-autofocus>
            Cancel
          </Button>
          <Button type="submit" disabled={busy}>
            {busy && <Spinner size={14} />}
            {busy ? "Reporting…" : "Report comment"}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

// The wide dialog that compares a saved version with the editor's text and can restore it.
import type { Revision } from "@pragmatist/contracts";
import { useId } from "react";
import { Button } from "../../../components/ui/button";
import { errorText } from "../../../components/ui/danger";
import { Dialog } from "../../../components/ui/dialog";
import { CloseIcon, Spinner } from "../../../components/ui/action-icons";
import { formatIsoDateTimeUtc } from "../../../lib/format";
import { Comparison } from "./comparison";

/** The dialog's heading: which version, saved when and by whom, and its close button. */
function ComparisonHeading({
  revision,
  titleId,
  onClose,
}: {
  revision: Revision;
  titleId: string;
  onClose: () => void;
}) {
  return (
    <div className="flex items-start justify-between gap-3 border-b border-line px-5 py-3">
      <div className="min-w-0">
        <h2 id={titleId} className="text-base font-semibold tracking-tight">
          This version and the current text
        </h2>
        <p className="truncate text-sm text-muted">
          Saved {formatIsoDateTimeUtc(revision.savedAt)} by{" "}
          {revision.savedBy?.username ?? "a deleted account"}: “{revision.title}”
        </p>
      </div>
      <button
        type="button"
        onClick={onClose}
        className="-mr-2 rounded-lg p-2 text-muted hover:bg-line/60 hover:text-ink focus-visible:outline-2 focus-visible:outline-accent"
        aria-label="Close comparison"
      >
        <CloseIcon size={20} />
      </button>
    </div>
  );
}

/**
 * The comparison of `revision` (open when not null) with `currentText`: heading, line diff, the
 * last failure, Close and, when `canRestore`, Restore (waiting while `busy` holds an id).
 */
export function ComparisonDialog({
  revision,
  currentText,
  canRestore,
  busy,
  error,
  onClose,
  onRestore,
}: {
  revision: Revision | null;
  currentText: string;
  canRestore: boolean;
  busy: number | null;
  error: string | null;
  onClose: () => void;
  onRestore: (revisionId: number) => void;
}) {
  const titleId = useId();
  return (
    <Dialog open={revision !== null} onClose={onClose} labelledBy={titleId} variant="wide">
      {revision && (
        <div className="flex max-h-[calc(100dvh-2rem)] flex-col">
          <ComparisonHeading revision={revision} titleId={titleId} onClose={onClose} />
          <div className="min-h-0 flex-1 overflow-y-auto px-5 py-4">
            <Comparison revision={revision} current={currentText} />
          </div>
          <div className="flex flex-wrap items-center justify-end gap-2 border-t border-line px-5 py-3">
            {error && <p className={`mr-auto text-sm ${errorText}`}>{error}</p>}
            <Button variant="secondary" onClick={onClose} data-autofocus>
              Close
            </Button>
            {canRestore && (
              <Button onClick={() => onRestore(revision.id)} disabled={busy !== null}>
                {busy === revision.id && <Spinner size={14} />}
                Restore this version
              </Button>
            )}
          </div>
        </div>
      )}
    </Dialog>
  );
}

// The dialog that bans a comment's author from commenting, with the reason they will be shown.
import { useId } from "react";
import { Button } from "../../../components/ui/button";
import { dangerButton, errorText } from "../../../components/ui/danger";
import { Dialog } from "../../../components/ui/dialog";
import { TextArea } from "../../../components/ui/field";
import { Spinner } from "../../../components/ui/action-icons";
import type { ReportActions } from "./use-report-actions";

/**
 * "Ban {name} from commenting?": a required reason (at most 500 characters, sent trimmed) and
 * the red Ban button, which waits for a reason and for any action on its way.
 */
export function BanDialog({ report }: { report: ReportActions }) {
  const titleId = useId();
  const { reason, setReason, setBanOpen, busy, error } = report;
  return (
    <Dialog open={report.banOpen} onClose={() => setBanOpen(false)} labelledBy={titleId}>
      <form
        className="p-5"
        onSubmit={(e) => {
          e.preventDefault();
          if (reason.trim()) void report.setBanned(true);
        }}
      >
        <h2 id={titleId} className="text-lg font-semibold tracking-tight">
          Ban {report.item.comment.author?.username} from commenting?
        </h2>
        <p className="mt-1 text-sm text-muted">
          They can still read and sign in. The reason is shown to them when they try to comment.
        </p>
        <TextArea
          label="Reason"
          className="mt-4"
          value={reason}
          required
          maxLength={500}
          rows={3}
          data-autofocus
          onChange={(e) => setReason(e.currentTarget.value)}
        />
        {error && <p className={`mt-2 text-sm ${errorText}`}>{error}</p>}
        <div className="mt-4 flex justify-end gap-2">
          <Button variant="secondary" onClick={() => setBanOpen(false)}>
            Cancel
          </Button>
          <Button type="submit" className={dangerButton} disabled={busy !== null || !reason.trim()}>
            {busy === "ban" && <Spinner size={14} />}
            Ban from commenting
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

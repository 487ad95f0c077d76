// The queue of reported comments (docs/product/studio.md#studio): each with its text, author,
// article, report count and reasons; hide, unhide, delete (after confirming) and ban the author.
import type { ModeratedComment } from "@pragmatist/contracts";
import { ConfirmDialog } from "../../components/ui/confirm-dialog";
import { BanDialog } from "./moderation/ban-dialog";
import { ReportButtons } from "./moderation/report-buttons";
import { ReportCard } from "./moderation/report-card";
import { useReportActions } from "./moderation/use-report-actions";

/** One reported comment and what a moderator can do with it; changes show at once. */
function ReportItem({ initial }: { initial: ModeratedComment }) {
  const report = useReportActions(initial);
  return (
    <li>
      <ReportCard item={report.item} error={report.error}>
        <ReportButtons report={report} />
      </ReportCard>
      <ConfirmDialog
        open={report.confirmDelete}
        title="Delete this comment?"
        confirmLabel="Delete comment"
        busy={report.busy === "delete"}
        onClose={() => report.setConfirmDelete(false)}
        onConfirm={() => void report.remove()}
      >
        Its text is erased for good; replies to it stay.
      </ConfirmDialog>
      <BanDialog report={report} />
    </li>
  );
}

/** The reported comments, most recently reported first. */
export function ModerationQueue({ items }: { items: ModeratedComment[] }) {
  return (
    <ol className="space-y-3">
      {items.map((item) => (
        <ReportItem key={item.comment.id} initial={item} />
      ))}
    </ol>
  );
}

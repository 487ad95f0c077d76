// A reported comment's buttons: Hide or Unhide, Delete (asks first), Resolve and Dismiss its open
// reports, Ban or Unban its author.
import { Button } from "../../../components/ui/button";
import { errorText } from "../../../components/ui/danger";
import { Spinner } from "../../../components/ui/action-icons";
import type { ReportActions } from "./use-report-actions";

/**
 * The moderator's buttons for one report; all wait while an action is on its way. Hide and
 * Delete go with a deleted comment; Ban opens its dialog, Unban acts at once.
 */
export function ReportButtons({ report }: { report: ReportActions }) {
  const { comment } = report.item;
  const author = comment.author;
  const waiting = report.busy !== null;
  return (
    <>
      {!comment.deleted && (
        <Button
          variant={comment.hidden ? "secondary" : "primary"}
          onClick={() => void report.setHidden(!comment.hidden)}
          disabled={waiting}
        >
          {(report.busy === "hide" || report.busy === "unhide") && <Spinner size={14} />}
          {comment.hidden ? "Unhide" : "Hide"}
        </Button>
      )}
      {!comment.deleted && (
        <Button
          variant="secondary"
          onClick={() => report.setConfirmDelete(true)}
          disabled={waiting}
        >
          Delete
        </Button>
      )}
      {report.item.openReports > 0 &&
        (["resolve", "dismiss"] as const).map((verb) => (
          <Button
            key={verb}
            variant="secondary"
            onClick={() => void report.answer(verb)}
            disabled={waiting}
            title={
              verb === "resolve"
                ? "Dealt with: close the reports and leave the comment as it is"
                : "Nothing wrong: close the reports and leave the comment as it is"
            }
          >
            {report.busy === verb && <Spinner size={14} />}
            {verb === "resolve" ? "Resolve" : "Dismiss"}
          </Button>
        ))}
      {author &&
        (author.banned ? (
          <Button variant="ghost" onClick={() => void report.setBanned(false)} disabled={waiting}>
            {report.busy === "unban" && <Spinner size={14} />}
            Unban {author.username}
          </Button>
        ) : (
          <Button
            variant="ghost"
            className={errorText}
            onClick={() => report.setBanOpen(true)}
            disabled={waiting}
          >
            Ban {author.username}
          </Button>
        ))}
    </>
  );
}

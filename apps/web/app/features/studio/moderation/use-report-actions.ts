// What a moderator does with one reported comment: hide, unhide, delete, resolve or dismiss its
// reports, ban or unban its author, each shown at once in the item's own copy of the report.
import type { ModeratedComment, ReportOutcome } from "@pragmatist/contracts";
import { useState } from "react";
import { studioApi } from "../studio-api";
import { useBusyAction } from "../use-busy-action";

/** The moderation action on its way. */
export type ReportBusy = "hide" | "unhide" | "delete" | "resolve" | "dismiss" | "ban" | "unban";

/** The name of the event that tells the studio's badge the open reports changed. */
export const REPORTS_CHANGED = "studio:reports-changed";

/**
 * `item` with its open reports answered as `outcome` now (by the moderator in this browser,
 * whom the item does not name until the queue is loaded again).
 */
function answered(item: ModeratedComment, outcome: ReportOutcome): ModeratedComment {
  if (item.openReports === 0) return item;
  return {
    ...item,
    openReports: 0,
    resolution: { outcome, by: null, at: new Date().toISOString() },
  };
}

/**
 * The state of one report (`initial` as loaded, then as changed here) and its actions. A failed
 * call leaves the item as it was and sets `error` (`messageOf`'s sentence). Delete closes its
 * confirmation only when it worked; a ban sends the trimmed `reason`, then closes its dialog and
 * empties the reason.
 */
export function useReportActions(initial: ModeratedComment) {
  const [item, setItem] = useState(initial);
  const { busy, error, act } = useBusyAction<ReportBusy>();
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [banOpen, setBanOpen] = useState(false);
  const [reason, setReason] = useState("");
  const { comment } = item;
  const author = comment.author;
  /** Tells the studio's badge, after an action that answered this comment's open reports. */
  const recount = () => {
    if (item.openReports > 0) window.dispatchEvent(new Event(REPORTS_CHANGED));
  };

  const setHidden = (hidden: boolean) =>
    act(hidden ? "hide" : "unhide", async () => {
      await studioApi.setCommentHidden(comment.id, hidden);
      setItem((i) => {
        const shown = { ...i, comment: { ...i.comment, hidden } };
        return hidden ? answered(shown, "hidden") : shown;
      });
      if (hidden) recount();
    });

  const answer = (verb: "resolve" | "dismiss") =>
    act(verb, async () => {
      await studioApi.answerReports(comment.id, verb);
      setItem((i) => answered(i, verb === "resolve" ? "resolved" : "dismissed"));
      recount();
    });

  const remove = async () => {
    const ok = await act("delete", async () => {
      await studioApi.deleteComment(comment.id);
      setItem((i) =>
        answered(
          { ...i, comment: { ...i.comment, deleted: true, content: "", contentHtml: "" } },
          "deleted",
        ),
      );
      recount();
    });
    if (ok) setConfirmDelete(false);
  };

  const setBanned = (banned: boolean) =>
    act(banned ? "ban" : "unban", async () => {
      if (!author) return;
      if (banned) await studioApi.ban(author.id, reason.trim());
      else await studioApi.unban(author.id);
      setItem((i) => ({
        ...i,
        comment: { ...i.comment, author: i.comment.author && { ...i.comment.author, banned } },
      }));
      setBanOpen(false);
      setReason("");
    });

  return {
    item,
    busy,
    error,
    confirmDelete,
    setConfirmDelete,
    banOpen,
    setBanOpen,
    reason,
    setReason,
    setHidden,
    answer,
    remove,
    setBanned,
  };
}

/** One report's state and actions, as `useReportActions` gives them. */
export type ReportActions = ReturnType<typeof useReportActions>;

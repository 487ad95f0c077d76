// The queue of reported comments (issue #7 "Moderation"): each with its text, author, article,
// report count and reasons; hide, unhide, delete (after confirming) and ban the author.
import type { ReportedComment } from "@pragmatist/contracts";
import { useId, useState } from "react";
import { Link } from "react-router";
import { Button } from "../../components/ui/button";
import { Dialog } from "../../components/ui/dialog";
import { Spinner } from "../../components/ui/icons";
import { formatDateTimeUtc } from "../../lib/format";
import { studioApi } from "./studio-api";
import { messageOf } from "./studio-load";
import { Badge, ConfirmDialog, dangerButton, errorText, TextArea } from "./ui";

type Busy = "hide" | "unhide" | "delete" | "ban" | "unban";

/** One reported comment and what a moderator can do with it; changes show at once. */
function ReportItem({ initial }: { initial: ReportedComment }) {
  const [item, setItem] = useState(initial);
  const [busy, setBusy] = useState<Busy | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [banOpen, setBanOpen] = useState(false);
  const [reason, setReason] = useState("");
  const banTitleId = useId();
  const { comment, article } = item;
  const author = comment.author;

  const act = async (kind: Busy, work: () => Promise<void>) => {
    setBusy(kind);
    setError(null);
    try {
      await work();
      return true;
    } catch (e) {
      setError(messageOf(e));
      return false;
    } finally {
      setBusy(null);
    }
  };

  const setHidden = (hidden: boolean) =>
    act(hidden ? "hide" : "unhide", async () => {
      await studioApi.setCommentHidden(comment.id, hidden);
      setItem((i) => ({ ...i, comment: { ...i.comment, hidden } }));
    });

  const remove = async () => {
    const ok = await act("delete", async () => {
      await studioApi.deleteComment(comment.id);
      setItem((i) => ({ ...i, comment: { ...i.comment, deleted: true, content: "" } }));
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

  const label = `Comment by ${author?.username ?? "a deleted account"} on “${article.title}”`;
  return (
    <li>
      <article aria-label={label} className="rounded-xl border border-line bg-surface p-4">
        <header className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm">
          <span className="font-medium">{author?.username ?? "Deleted account"}</span>
          {author?.banned && <Badge tone="danger">Banned</Badge>}
          <span className="text-muted">on</span>
          <Link
            to={`/p/${encodeURIComponent(article.slug)}#comments`}
            className="min-w-0 truncate font-medium text-accent hover:underline"
          >
            {article.title}
          </Link>
          <span className="tabular ml-auto text-xs text-muted">
            <time dateTime={comment.createdAt}>{formatDateTimeUtc(comment.createdAt)}</time>
          </span>
        </header>
        <div className="mt-2 flex flex-wrap gap-1.5">
          <Badge tone="warning">
            {item.reportCount} {item.reportCount === 1 ? "report" : "reports"}
          </Badge>
          {comment.hidden && <Badge>Hidden</Badge>}
          {comment.deleted && <Badge>Deleted</Badge>}
        </div>
        {comment.deleted ? (
          <p className="mt-3 text-sm text-muted italic">This comment was deleted.</p>
        ) : (
          <blockquote className="mt-3 border-l-4 border-line pl-3 text-[0.9375rem] break-words whitespace-pre-line">
            {comment.content}
          </blockquote>
        )}
        {item.reasons.length > 0 && (
          <div className="mt-3 text-sm">
            <p className="font-medium">Reasons given</p>
            <ul className="mt-1 list-disc space-y-0.5 pl-5 text-muted">
              {item.reasons.map((r, i) => (
                <li key={i} className="break-words">
                  {r}
                </li>
              ))}
            </ul>
          </div>
        )}
        <p className="tabular mt-2 text-xs text-muted">
          Last reported {formatDateTimeUtc(item.lastReportedAt)}
        </p>
        {error && (
          <p role="alert" className={`mt-2 text-sm ${errorText}`}>
            {error}
          </p>
        )}
        <div className="mt-3 flex flex-wrap gap-2">
          {!comment.deleted && (
            <Button
              variant={comment.hidden ? "secondary" : "primary"}
              onClick={() => void setHidden(!comment.hidden)}
              disabled={busy !== null}
            >
              {(busy === "hide" || busy === "unhide") && <Spinner size={14} />}
              {comment.hidden ? "Unhide" : "Hide"}
            </Button>
          )}
          {!comment.deleted && (
            <Button
              variant="secondary"
              onClick={() => setConfirmDelete(true)}
              disabled={busy !== null}
            >
              Delete
            </Button>
          )}
          {author &&
            (author.banned ? (
              <Button
                variant="ghost"
                onClick={() => void setBanned(false)}
                disabled={busy !== null}
              >
                {busy === "unban" && <Spinner size={14} />}
                Unban {author.username}
              </Button>
            ) : (
              <Button
                variant="ghost"
                className={errorText}
                onClick={() => setBanOpen(true)}
                disabled={busy !== null}
              >
                Ban {author.username}
              </Button>
            ))}
        </div>
      </article>

      <ConfirmDialog
        open={confirmDelete}
        title="Delete this comment?"
        confirmLabel="Delete comment"
        busy={busy === "delete"}
        onClose={() => setConfirmDelete(false)}
        onConfirm={() => void remove()}
      >
        Its text is erased for good; replies to it stay.
      </ConfirmDialog>
      <Dialog open={banOpen} onClose={() => setBanOpen(false)} labelledBy={banTitleId}>
        <form
          className="p-5"
          onSubmit={(e) => {
            e.preventDefault();
            if (reason.trim()) void setBanned(true);
          }}
        >
          <h2 id={banTitleId} className="text-lg font-semibold tracking-tight">
            Ban {author?.username} from commenting?
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
            <Button
              type="submit"
              className={dangerButton}
              disabled={busy !== null || !reason.trim()}
            >
              {busy === "ban" && <Spinner size={14} />}
              Ban from commenting
            </Button>
          </div>
        </form>
      </Dialog>
    </li>
  );
}

/** The reported comments, most recently reported first. */
export function ModerationQueue({ items }: { items: ReportedComment[] }) {
  return (
    <ol className="space-y-3">
      {items.map((item) => (
        <ReportItem key={item.comment.id} initial={item} />
      ))}
    </ol>
  );
}

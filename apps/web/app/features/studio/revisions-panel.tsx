// An article's saved versions in the editor (issue #7 "Revisions: every save keeps a version; an
// editor can compare the current text with an earlier one and restore it").
import type { Revision, StudioArticle } from "@pragmatist/contracts";
import { useId, useMemo, useState } from "react";
import { Button } from "../../components/ui/button";
import { Dialog } from "../../components/ui/dialog";
import { CloseIcon, Spinner } from "../../components/ui/icons";
import { Skeleton } from "../../components/ui/skeleton";
import { formatDateTimeUtc } from "../../lib/format";
import { diffCounts, diffLines, foldUnchanged } from "./line-diff";
import { studioApi } from "./studio-api";
import { messageOf } from "./studio-load";
import { errorText, UtcTime } from "./ui";
import { useStudioData } from "./use-studio-data";

/** The diff of a revision's text (before) with the editor's (after), folded around changes. */
function Comparison({ revision, current }: { revision: Revision; current: string }) {
  const lines = useMemo(() => diffLines(revision.content, current), [revision.content, current]);
  const rows = useMemo(() => foldUnchanged(lines), [lines]);
  const { added, removed } = diffCounts(lines);
  if (added + removed === 0) {
    return <p className="text-sm text-muted">The text is the same as this version’s.</p>;
  }
  return (
    <>
      <p className="tabular mb-2 text-sm text-muted">
        Lines since this version: <span className="text-up">+{added}</span> added,{" "}
        <span className="text-down">−{removed}</span> removed
      </p>
      <div
        className="overflow-x-auto rounded-lg border border-line"
        role="region"
        aria-label="Line differences"
        tabIndex={0}
      >
        <table className="w-full border-collapse font-mono text-[0.8125rem] leading-relaxed">
          <tbody>
            {rows.map((row, i) =>
              row.kind === "skip" ? (
                <tr key={i} className="bg-page text-muted">
                  <td colSpan={2} className="px-3 py-1 text-xs">
                    … {row.count} unchanged {row.count === 1 ? "line" : "lines"}
                  </td>
                </tr>
              ) : (
                <tr
                  key={i}
                  className={
                    row.kind === "added"
                      ? "bg-up/10"
                      : row.kind === "removed"
                        ? "bg-down/10"
                        : undefined
                  }
                >
                  <td className="w-6 px-2 text-center align-top text-muted select-none">
                    {row.kind === "added" ? "+" : row.kind === "removed" ? "−" : ""}
                    <span className="sr-only">
                      {row.kind === "added" ? "added" : row.kind === "removed" ? "removed" : ""}
                    </span>
                  </td>
                  <td className="px-2 whitespace-pre-wrap break-words">{row.text || " "}</td>
                </tr>
              ),
            )}
          </tbody>
        </table>
      </div>
    </>
  );
}

/**
 * The revisions of `articleId`, newest first, reloaded when `version` (the article's updatedAt)
 * moves. Compare opens the line diff of that version with `currentText`; Restore (when
 * `canRestore`) puts its title, subtitle and text back as a new save and hands the article to
 * `onRestored`.
 */
export function RevisionsPanel({
  articleId,
  version,
  currentText,
  canRestore,
  onRestored,
}: {
  articleId: number;
  version: string;
  currentText: string;
  canRestore: boolean;
  onRestored: (article: StudioArticle) => void;
}) {
  const list = useStudioData(`${articleId}@${version}`, (signal) =>
    studioApi.listRevisions(articleId, signal),
  );
  const [open, setOpen] = useState<Revision | null>(null);
  const [busy, setBusy] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const titleId = useId();

  const compare = async (revisionId: number) => {
    setBusy(revisionId);
    setError(null);
    try {
      setOpen(await studioApi.getRevision(articleId, revisionId));
    } catch (e) {
      setError(messageOf(e));
    } finally {
      setBusy(null);
    }
  };

  const restore = async (revisionId: number) => {
    setBusy(revisionId);
    setError(null);
    try {
      const article = await studioApi.restoreRevision(articleId, revisionId);
      setOpen(null);
      onRestored(article);
    } catch (e) {
      setError(messageOf(e));
    } finally {
      setBusy(null);
    }
  };

  if (list.kind === "loading") {
    return (
      <div aria-busy="true" className="space-y-2">
        <span className="sr-only">Loading revisions…</span>
        <Skeleton className="h-9" />
        <Skeleton className="h-9" />
      </div>
    );
  }
  if (list.kind === "error") return <p className={`text-sm ${errorText}`}>{list.message}</p>;
  return (
    <>
      {error && (
        <p role="alert" className={`mb-2 text-sm ${errorText}`}>
          {error}
        </p>
      )}
      <ol className="max-h-80 divide-y divide-line overflow-y-auto rounded-lg border border-line">
        {list.value.map((r, i) => (
          <li key={r.id} className="flex items-center gap-2 px-3 py-2">
            <div className="min-w-0 flex-1">
              <p className="tabular truncate text-sm">
                <UtcTime iso={r.savedAt} />
                {i === 0 && <span className="ml-1.5 text-xs text-muted">(current)</span>}
              </p>
              <p className="truncate text-xs text-muted">
                {r.savedBy?.username ?? "Deleted account"} · {r.title}
              </p>
            </div>
            <Button
              variant="ghost"
              className="h-8 px-2"
              onClick={() => void compare(r.id)}
              disabled={busy !== null}
              aria-label={`Compare with the version of ${formatDateTimeUtc(r.savedAt)}`}
            >
              {busy === r.id && !open ? <Spinner size={14} /> : "Compare"}
            </Button>
          </li>
        ))}
      </ol>
      <Dialog
        open={open !== null}
        onClose={() => setOpen(null)}
        labelledBy={titleId}
        variant="wide"
      >
        {open && (
          <div className="flex max-h-[calc(100dvh-2rem)] flex-col">
            <div className="flex items-start justify-between gap-3 border-b border-line px-5 py-3">
              <div className="min-w-0">
                <h2 id={titleId} className="text-base font-semibold tracking-tight">
                  This version and the current text
                </h2>
                <p className="truncate text-sm text-muted">
                  Saved {formatDateTimeUtc(open.savedAt)} by{" "}
                  {open.savedBy?.username ?? "a deleted account"}: “{open.title}”
                </p>
              </div>
              <button
                type="button"
                onClick={() => setOpen(null)}
                className="-mr-2 rounded-lg p-2 text-muted hover:bg-line/60 hover:text-ink focus-visible:outline-2 focus-visible:outline-accent"
                aria-label="Close comparison"
              >
                <CloseIcon size={20} />
              </button>
            </div>
            <div className="min-h-0 flex-1 overflow-y-auto px-5 py-4">
              <Comparison revision={open} current={currentText} />
            </div>
            <div className="flex flex-wrap items-center justify-end gap-2 border-t border-line px-5 py-3">
              {error && <p className={`mr-auto text-sm ${errorText}`}>{error}</p>}
              <Button variant="secondary" onClick={() => setOpen(null)} data-autofocus>
                Close
              </Button>
              {canRestore && (
                <Button onClick={() => void restore(open.id)} disabled={busy !== null}>
                  {busy === open.id && <Spinner size={14} />}
                  Restore this version
                </Button>
              )}
            </div>
          </div>
        )}
      </Dialog>
    </>
  );
}

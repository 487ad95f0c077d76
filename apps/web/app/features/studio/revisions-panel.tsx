// An article's saved versions in the editor (docs/product/studio.md#studio-revisions):
// every save keeps a version; an editor compares the current text with an earlier one and
// restores it.
import type { Revision, StudioArticle } from "@pragmatist/contracts";
import { useState } from "react";
import { errorText } from "../../components/ui/danger";
import { Skeleton } from "../../components/ui/skeleton";
import { ComparisonDialog } from "./revisions/comparison-dialog";
import { RevisionList } from "./revisions/revision-list";
import { studioApi } from "./studio-api";
import { useBusyAction } from "./use-busy-action";
import { useStudioData } from "./use-studio-data";

/** Two grey rows while the revisions load. */
function RevisionsSkeleton() {
  return (
    <div aria-busy="true" className="space-y-2">
      <span className="sr-only">Loading revisions…</span>
      <Skeleton className="h-9" />
      <Skeleton className="h-9" />
    </div>
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
  const { busy, error, act } = useBusyAction<number>();

  const compare = (revisionId: number) =>
    act(revisionId, async () => setOpen(await studioApi.getRevision(articleId, revisionId)));

  const restore = (revisionId: number) =>
    act(revisionId, async () => {
      const article = await studioApi.restoreRevision(articleId, revisionId);
      setOpen(null);
      onRestored(article);
    });

  if (list.kind === "loading") return <RevisionsSkeleton />;
  if (list.kind === "error") return <p className={`text-sm ${errorText}`}>{list.message}</p>;
  return (
    <>
      {error && (
        <p role="alert" className={`mb-2 text-sm ${errorText}`}>
          {error}
        </p>
      )}
      <RevisionList
        revisions={list.value}
        busy={busy}
        comparing={open !== null}
        onCompare={(id) => void compare(id)}
      />
      <ComparisonDialog
        revision={open}
        currentText={currentText}
        canRestore={canRestore}
        busy={busy}
        error={error}
        onClose={() => setOpen(null)}
        onRestore={(id) => void restore(id)}
      />
    </>
  );
}

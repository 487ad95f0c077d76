// The boxes under the editor's top bar: a save conflict with its Reload, the last action's
// notice, and why a read-only article cannot be changed.
import type { ArticleState } from "@pragmatist/contracts";
import { Link } from "react-router";
import { Button } from "../../../components/ui/button";
import type { EditorNotice } from "./use-editor-actions";

/** The conflict alert: the edits were not saved because the article changed elsewhere. */
function ConflictNotice({ onReload }: { onReload: () => void }) {
  return (
    <div
      role="alert"
      className="mb-4 flex flex-wrap items-center gap-3 rounded-xl border border-amber-600/40 bg-amber-500/10 px-4 py-3 text-sm"
    >
      <p className="min-w-0 flex-1">
        This article was changed elsewhere (another tab or another person) since you opened it, so
        your latest edits were not saved. Reload it to continue; copy anything you want to keep
        first.
      </p>
      <Button variant="secondary" onClick={onReload}>
        Reload the article
      </Button>
    </div>
  );
}

/**
 * In order: the conflict alert (while `conflict`), the `notice` of the last action (after a
 * publish, with "View article" to its page), and, for a `readOnly` article, that only editors can
 * change it in its `state`.
 */
export function EditorNotices({
  conflict,
  notice,
  readOnly,
  state,
  onReload,
}: {
  conflict: boolean;
  notice: EditorNotice | null;
  readOnly: boolean;
  state: ArticleState;
  onReload: () => void;
}) {
  return (
    <>
      {conflict && <ConflictNotice onReload={onReload} />}
      {notice && (
        <p
          role="status"
          className="mb-4 rounded-xl border border-accent/30 bg-accent/8 px-4 py-2.5 text-sm"
        >
          {notice.text}
          {notice.view && (
            <>
              {" "}
              <Link
                to={notice.view}
                className="font-medium text-accent underline decoration-accent/40 underline-offset-2 hover:decoration-accent"
              >
                View article
              </Link>
            </>
          )}
        </p>
      )}
      {readOnly && (
        <p className="mb-4 rounded-xl border border-line bg-surface px-4 py-2.5 text-sm text-muted">
          This article is {state}: only editors can change it now.
        </p>
      )}
    </>
  );
}

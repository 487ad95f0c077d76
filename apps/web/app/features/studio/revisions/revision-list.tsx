// An article's saved versions, newest first, each with when, who, its title and Compare.
import type { RevisionSummary } from "@pragmatist/contracts";
import { Button } from "../../../components/ui/button";
import { Spinner } from "../../../components/ui/action-icons";
import { UtcTime } from "../../../components/ui/utc-time";
import { formatIsoDateTimeUtc } from "../../../lib/format";

/**
 * The revisions (the first is the current one), scrolling past about eight. Compare waits while
 * any revision is `busy` (its id) and spins on the one loading while no comparison is `comparing`.
 */
export function RevisionList({
  revisions,
  busy,
  comparing,
  onCompare,
}: {
  revisions: RevisionSummary[];
  busy: number | null;
  /** A comparison is open. */
  comparing: boolean;
  onCompare: (revisionId: number) => void;
}) {
  return (
    <ol className="max-h-80 divide-y divide-line overflow-y-auto rounded-lg border border-line">
      {revisions.map((r, i) => (
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
            onClick={() => onCompare(r.id)}
            disabled={busy !== null}
            aria-label={`Compare with the version of ${formatIsoDateTimeUtc(r.savedAt)}`}
          >
            {busy === r.id && !comparing ? <Spinner size={14} /> : "Compare"}
          </Button>
        </li>
      ))}
    </ol>
  );
}

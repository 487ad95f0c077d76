// The editor's buttons: the status actions the viewer's role allows, then Delete, and why a refused
// one waits.
import { useId } from "react";
import { Button } from "../../../components/ui/button";
import { errorText } from "../../../components/ui/danger";
import { Spinner } from "../../../components/ui/action-icons";
import type { EditorAction, ToolbarAction } from "./toolbar-actions";

/**
 * The `actions` as buttons (the `current` one spins) and, when `canDelete`, Delete (which asks
 * first, through `onDelete`). Every button waits while `busy` (a save or an action on its way).
 * A refused action's `why` is a line under the buttons, tied to its button by `aria-describedby`
 * (not a tooltip only: docs/product/studio.md#studio-publishing).
 */
export function EditorToolbar({
  actions,
  current,
  busy,
  onRun,
  canDelete,
  onDelete,
}: {
  actions: ToolbarAction[];
  current: EditorAction | null;
  busy: boolean;
  onRun: (kind: EditorAction, work: () => Promise<void>) => Promise<void>;
  canDelete: boolean;
  onDelete: () => void;
}) {
  const whyId = useId();
  const refused = actions.filter((a) => a.disabled && a.why);
  return (
    <div className="flex flex-wrap items-center gap-2">
      {actions.map((a) => (
        <Button
          key={a.kind}
          variant={a.variant}
          onClick={() => void onRun(a.kind, a.work)}
          disabled={busy || a.disabled}
          aria-describedby={a.disabled && a.why ? `${whyId}-${a.kind}` : undefined}
        >
          {current === a.kind && <Spinner size={14} />}
          {a.label}
        </Button>
      ))}
      {canDelete && (
        <Button variant="ghost" className={errorText} onClick={onDelete} disabled={busy}>
          Delete
        </Button>
      )}
      {refused.map((a) => (
        <p key={a.kind} id={`${whyId}-${a.kind}`} className="basis-full text-xs text-muted">
          {a.why}
        </p>
      ))}
    </div>
  );
}

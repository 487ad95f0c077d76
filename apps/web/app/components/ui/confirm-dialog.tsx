// The question asked before something that cannot be undone or that others see at once, with
// Cancel focused first.
import { type ReactNode, useId } from "react";
import { Button } from "./button";
import { dangerButton } from "./danger";
import { Dialog } from "./dialog";

/**
 * Asks before something that cannot be undone: a heading, what will happen, Cancel and the
 * named action (red, or the accent colour when not `danger`: publishing). Cancel has the focus
 * first, so Enter never destroys or publishes by accident.
 */
export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  busy = false,
  danger = true,
  onConfirm,
  onClose,
}: {
  open: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  /** The action is on its way: its button waits. */
  busy?: boolean;
  /** The action destroys or shuts out (true by default): its button is red. */
  danger?: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const titleId = useId();
  return (
    <Dialog open={open} onClose={onClose} labelledBy={titleId}>
      <div className="p-5">
        <h2 id={titleId} className="text-lg font-semibold tracking-tight">
          {title}
        </h2>
        <div className="mt-2 text-sm text-muted">{children}</div>
        <div className="mt-5 flex justify-end gap-2">
          <Button variant="secondary" onClick={onClose} data-autofocus>
            Cancel
          </Button>
          <Button className={danger ? dangerButton : ""} onClick={onConfirm} disabled={busy}>
            {confirmLabel}
          </Button>
        </div>
      </div>
    </Dialog>
  );
}

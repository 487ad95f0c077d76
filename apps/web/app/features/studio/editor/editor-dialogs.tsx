// The editor's two questions: delete the article, and leave without saving.
import type { Blocker } from "react-router";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog";

/** "Delete this article?" naming its `title`: it goes with its revisions, comments, reactions. */
export function DeleteDialog({
  open,
  title,
  busy,
  onClose,
  onConfirm,
}: {
  open: boolean;
  title: string | undefined;
  busy: boolean;
  onClose: () => void;
  onConfirm: () => void;
}) {
  return (
    <ConfirmDialog
      open={open}
      title="Delete this article?"
      confirmLabel="Delete article"
      busy={busy}
      onClose={onClose}
      onConfirm={onConfirm}
    >
      “{title}” goes with its revisions, comments and reactions. This cannot be undone.
    </ConfirmDialog>
  );
}

/** "Leave without saving?" while `blocker` holds a navigation: Leave proceeds, Cancel stays. */
export function LeaveDialog({ blocker }: { blocker: Blocker }) {
  return (
    <ConfirmDialog
      open={blocker.state === "blocked"}
      title="Leave without saving?"
      confirmLabel="Leave"
      onClose={() => blocker.reset?.()}
      onConfirm={() => blocker.proceed?.()}
    >
      Your latest changes are not saved yet. If you leave now, they are lost.
    </ConfirmDialog>
  );
}

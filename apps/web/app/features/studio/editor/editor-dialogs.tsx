// The editor's questions: publish now, delete the article, and leave without saving.
import type { Blocker } from "react-router";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog";
import { PublishDialog, publishSubject } from "./publish-dialog";
import type { ArticleSaving } from "./use-article-saving";
import type { useEditorActions } from "./use-editor-actions";

/**
 * The editor's dialogs: "Publish now"'s question (published only, not emailed; confirming closes
 * it and publishes), Delete's, and Leave's while `blocker` holds a navigation.
 */
export function EditorDialogs({
  saving,
  actions,
  blocker,
}: {
  saving: ArticleSaving;
  actions: ReturnType<typeof useEditorActions>;
  blocker: Blocker;
}) {
  return (
    <>
      <PublishDialog
        open={actions.confirmPublish}
        subject={publishSubject(saving)}
        email={false}
        onClose={() => actions.setConfirmPublish(false)}
        onConfirm={() => {
          actions.setConfirmPublish(false);
          void actions.run("publish", actions.work.publishNow);
        }}
      />
      <DeleteDialog
        open={actions.confirmDelete}
        title={saving.saved?.attributes.title}
        busy={actions.action === "delete"}
        onClose={() => actions.setConfirmDelete(false)}
        onConfirm={() => void actions.run("delete", actions.remove)}
      />
      <LeaveDialog blocker={blocker} />
    </>
  );
}

/** "Delete this article?" naming its `title`: it goes with its revisions, comments, reactions. */
function DeleteDialog({
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
function LeaveDialog({ blocker }: { blocker: Blocker }) {
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

// The editor's newsletter buttons (docs/product/newsletter.md#newsletter-sending): next to the
// status actions, "Publish and email" and "Email only" for a draft or a scheduled article, "Send as
// newsletter" for a published one. Each makes a post issue of the article and opens it in the
// newsletter screen, where the editor previews, tests and sends it.
import { useState } from "react";
import { useNavigate } from "react-router";
import { Button } from "../../../components/ui/button";
import { Spinner } from "../../../components/ui/action-icons";
import { hasUnsavedWork } from "../autosave";
import { newsletterApi } from "../newsletter/newsletter-api";
import { messageOf } from "../studio-load";
import { PublishDialog, publishSubject } from "./publish-dialog";
import type { EditorAction } from "./toolbar-actions";
import type { ArticleSaving } from "./use-article-saving";
import type { useEditorActions } from "./use-editor-actions";

/** One newsletter button: its words, and why it waits (`title`) when it does. */
interface EmailButton {
  label: string;
  title?: string;
  disabled?: boolean;
  work: () => Promise<void>;
}

/**
 * The buttons for an editor or admin (none for authors: the newsletter API is theirs alone). The
 * work runs as the editor action "email", so every button of the toolbar waits meanwhile.
 * "Publish and email" asks first as "Publish now" does (editor/publish-dialog.tsx, saying it is
 * emailed and to how many), then publishes now and makes the issue; "Email only"
 * saves the draft first (the mail is the stored text); "Send as newsletter" waits while a
 * published article holds unsaved changes (saving them would publish them). A refusal leaves a
 * notice under the toolbar.
 */
export function EmailActions({
  saving,
  actions,
  busy,
}: {
  saving: ArticleSaving;
  actions: ReturnType<typeof useEditorActions>;
  busy: boolean;
}) {
  const navigate = useNavigate();
  const [asking, setAsking] = useState(false);
  const { access } = saving;
  if (!access.editor) return null;

  /** Makes a post issue of the stored article and opens it. */
  const openIssue = async () => {
    const article = saving.savedRef.current;
    if (!article) return;
    try {
      const issue = await newsletterApi.create({ kind: "post", articleId: article.id });
      void navigate(`/studio/newsletter/${issue.id}`);
    } catch (error) {
      actions.setNotice(`No newsletter issue was made: ${messageOf(error)}`);
    }
  };
  const buttons: EmailButton[] =
    access.state === "published"
      ? [
          {
            label: "Send as newsletter",
            ...(hasUnsavedWork(saving.save)
              ? { disabled: true, title: "Save your changes first" }
              : {}),
            work: openIssue,
          },
        ]
      : [
          { label: "Publish and email", work: async () => setAsking(true) },
          {
            label: "Email only",
            title: "Email the article without publishing it",
            work: async () => {
              if (await saving.persist()) await openIssue();
            },
          },
        ];
  const publishAndEmail = async () => {
    await actions.work.publishNow();
    if (saving.savedRef.current?.attributes.state === "published") await openIssue();
  };
  return (
    <>
      <EmailButtons buttons={buttons} actions={actions} busy={busy} />
      <PublishDialog
        open={asking}
        subject={publishSubject(saving)}
        email
        onClose={() => setAsking(false)}
        onConfirm={() => {
          setAsking(false);
          void actions.run("email", publishAndEmail);
        }}
      />
    </>
  );
}

/** The `buttons` in a "Newsletter" group, each run as the editor action "email". */
function EmailButtons({
  buttons,
  actions,
  busy,
}: {
  buttons: EmailButton[];
  actions: ReturnType<typeof useEditorActions>;
  busy: boolean;
}) {
  const kind: EditorAction = "email";
  return (
    <div
      role="group"
      aria-label="Newsletter"
      className="flex flex-wrap items-center gap-2 sm:border-l sm:border-line sm:pl-2"
    >
      {buttons.map((b) => (
        <Button
          key={b.label}
          variant="secondary"
          title={b.title}
          disabled={busy || b.disabled}
          onClick={() => void actions.run(kind, b.work)}
        >
          {actions.action === kind && <Spinner size={14} />}
          {b.label}
        </Button>
      ))}
    </div>
  );
}

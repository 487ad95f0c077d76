// The article editor (docs/product/studio.md#studio): fields, live preview, thumbnail, the status
// actions the viewer's role allows, autosave of drafts with conflict detection, a warning before
// leaving with unsaved changes, revisions and stats, and the newsletter buttons. The pieces live in
// editor/.
import { ArticlePanels } from "./editor/article-panels";
import { BodyField } from "./editor/body-field";
import { DetailsFields } from "./editor/details-fields";
import { initialView } from "./editor/editor-access";
import { EditorDialogs } from "./editor/editor-dialogs";
import { EditorHeader } from "./editor/editor-header";
import { EditorNotices } from "./editor/editor-notices";
import { EditorToolbar } from "./editor/editor-toolbar";
import { EmailActions } from "./editor/email-actions";
import { TitleFields } from "./editor/title-fields";
import { useArticleEditor } from "./editor/use-article-editor";
import type { EditorSubject } from "./editor/use-article-saving";

/**
 * Edits `article` (null: a new one, created by its first save, after which the address becomes
 * `/studio/articles/{id}` with `editorKey` in the history state so this editor stays mounted).
 * Authors save drafts only and see their published articles read-only; editors and admins
 * also publish (after a confirmation), schedule, unpublish and delete.
 */
export function ArticleEditor({ article, role, editorKey }: EditorSubject) {
  const { saving, leave, actions, edit, field, toolbar, busy } = useArticleEditor({
    article,
    role,
    editorKey,
  });
  const { form, saved, access, save } = saving;
  return (
    <div>
      <EditorHeader
        title={saved ? saved.attributes.title || "Untitled" : "New article"}
        state={access.state}
        save={save}
      >
        <EditorToolbar
          actions={toolbar}
          current={actions.action}
          busy={busy}
          onRun={actions.run}
          canDelete={saved !== null && (access.editor || access.draft)}
          onDelete={() => actions.setConfirmDelete(true)}
        />
        <EmailActions saving={saving} actions={actions} busy={busy} />
      </EditorHeader>
      <EditorNotices
        conflict={save.conflict}
        notice={actions.notice}
        readOnly={!access.canEdit}
        state={access.state}
        onReload={() => void saving.reload()}
      />
      <div className="grid gap-5 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <fieldset disabled={!access.canEdit} className="min-w-0 space-y-4">
          <legend className="sr-only">Article</legend>
          <TitleFields form={form} field={field} edit={edit} />
          <BodyField
            form={form}
            field={field}
            initialView={initialView(article, role)}
            canEdit={access.canEdit}
          />
        </fieldset>
        <div className="min-w-0 space-y-4">
          <DetailsFields
            form={form}
            field={field}
            edit={edit}
            fieldErrors={saving.fieldErrors}
            editor={access.editor}
            canEdit={access.canEdit}
          />
          {saved && (
            <ArticlePanels
              saved={saved}
              currentText={form.content}
              canRestore={access.canEdit}
              onRestored={(restored) => {
                saving.restored(restored);
                actions.setNotice(
                  "Restored: the text of that version is back (kept as a new revision).",
                );
              }}
            />
          )}
        </div>
      </div>
      <EditorDialogs saving={saving} actions={actions} blocker={leave.blocker} />
    </div>
  );
}

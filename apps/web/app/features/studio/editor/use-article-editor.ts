// Everything the editor's markup reads, in one hook: the article and its saving, the leave
// warning, the status actions, and what they make of the form (field bindings, toolbar, busy).
import { type ArticleForm, isFutureDate } from "../article-form";
import { hasUnsavedWork } from "../autosave";
import { bindTextFields } from "./field-binding";
import { toolbarActions } from "./toolbar-actions";
import { type EditorSubject, useArticleSaving } from "./use-article-saving";
import { useEditorActions } from "./use-editor-actions";
import { useLeaveWarning } from "./use-leave-warning";

/**
 * The editor of `article` for a viewer with `role` (see `useArticleSaving`, `useLeaveWarning`,
 * `useEditorActions`): `edit` applies a typed change and clears the last notice; `field` binds
 * a text field; `toolbar` lists the status actions allowed now ("Publish now" opens its
 * confirmation); `busy` is true while a save or an action is on its way (every button waits).
 */
export function useArticleEditor(props: EditorSubject) {
  const saving = useArticleSaving(props);
  const leave = useLeaveWarning(hasUnsavedWork(saving.save), props.editorKey);
  const actions = useEditorActions(saving, leave.allowLeave);
  /** A change typed by the viewer: the form moves on, the save state hears of it. */
  const edit = (patch: Partial<ArticleForm>) => {
    saving.edit(patch);
    actions.setNotice(null);
  };
  const future = isFutureDate(saving.form.publishDate, new Date());
  /** "Publish now" asks first (editor/publish-dialog.tsx); the dialog runs `work.publishNow`. */
  const ask = async () => actions.setConfirmPublish(true);
  return {
    saving,
    leave,
    actions,
    edit,
    field: bindTextFields(saving.form, saving.fieldErrors, edit),
    toolbar: toolbarActions(saving.access, future, { ...actions.work, publishNow: ask }),
    busy: saving.save.saving || actions.action !== null,
  };
}

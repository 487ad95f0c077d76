// The editor's article and its saving in one hook: the form, the stored article, the save state
// with autosave, and the ways the stored article comes back (reload after a conflict, restore).
import type { Role, StudioArticle } from "@pragmatist/contracts";
import { type ArticleForm, formOf } from "../article-form";
import { studioApi } from "../studio-api";
import { messageOf } from "../studio-load";
import { editorAccess } from "./editor-access";
import { useAutosave } from "./use-autosave";
import { useEditorDocument } from "./use-editor-document";
import { usePersist, useSaveTracker } from "./use-persist";

/** What the editor edits, for whom: `ArticleEditor`'s props. */
export interface EditorSubject {
  /** The article as loaded, or null for a new one. */
  article: StudioArticle | null;
  /** The viewer's role (what they may change and do). */
  role: Role;
  /** The editor's key, carried in the history state when a new article gets its address. */
  editorKey: string;
}

/**
 * Edits `article` (null: a new one) for a viewer with `role`: `edit` applies a typed change and
 * marks the form dirty; a draft with a title the viewer may change autosaves 2 s after the last
 * change (autosave.ts); `persist` saves at once with an optional status change; `reload` replaces
 * the form with the stored article (after a conflict; a failed load keeps the conflict with its
 * message); `restored` takes a restored revision's title, subtitle and text as saved.
 */
export function useArticleSaving({ article, role, editorKey }: EditorSubject) {
  const doc = useEditorDocument(article);
  const tracker = useSaveTracker();
  const { dispatch } = tracker;
  const persist = usePersist(doc, tracker, editorKey);
  const access = editorAccess(role, doc.saved);
  const autosave = access.canEdit && access.draft && doc.form.title.trim() !== "";
  useAutosave(tracker.save, autosave, doc.form, persist);

  /** A change typed by the viewer: the form moves on, the save state hears of it. */
  const edit = (patch: Partial<ArticleForm>) => {
    doc.setForm((f) => ({ ...f, ...patch }));
    dispatch({ type: "edit" });
  };

  const reload = async () => {
    const id = doc.savedRef.current?.id;
    if (id === undefined) return;
    try {
      const fresh = await studioApi.getArticle(id);
      doc.store(fresh);
      doc.setForm(formOf(fresh, new Date()));
      tracker.setFieldErrors({});
      dispatch({ type: "loaded" });
    } catch (error) {
      dispatch({ type: "conflict", message: messageOf(error) });
    }
  };

  const restored = (next: StudioArticle) => {
    doc.store(next);
    const a = next.attributes;
    doc.setForm((f) => ({ ...f, title: a.title, subTitle: a.subTitle, content: a.content }));
    dispatch({ type: "saved", at: new Date().toISOString() });
  };

  return {
    ...doc,
    access,
    save: tracker.save,
    fieldErrors: tracker.fieldErrors,
    edit,
    persist,
    reload,
    restored,
  };
}

/** The editor's article and saving, as `useArticleSaving` gives them. */
export type ArticleSaving = ReturnType<typeof useArticleSaving>;

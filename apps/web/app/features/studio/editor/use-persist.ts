// The editor's save (autosave of drafts with conflict detection,
// docs/product/studio.md#studio-editor): the form to the
// server, its answer to the save state, the field errors and the stored article.
import type { StudioArticle } from "@pragmatist/contracts";
import { type Dispatch, useReducer, useState } from "react";
import { useNavigate } from "react-router";
import { changesOf } from "../article-form";
import { initialSaveState, type SaveEvent, type SaveState, saveReducer } from "../autosave";
import { studioApi } from "../studio-api";
import { type FieldErrors, failureOf, isConflict } from "./save-failure";
import type { EditorDocument } from "./use-editor-document";

/** The save state (autosave.ts's machine) and the messages under refused fields. */
export interface SaveTracker {
  save: SaveState;
  dispatch: Dispatch<SaveEvent>;
  fieldErrors: FieldErrors;
  setFieldErrors: (errors: FieldErrors) => void;
}

/** Holds the save state, from `initialSaveState`, and the field errors, from none. */
export function useSaveTracker(): SaveTracker {
  const [save, dispatch] = useReducer(saveReducer, initialSaveState);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  return { save, dispatch, fieldErrors, setFieldErrors };
}

/** What a status action adds to a save: the stored status, and a publish date (ISO 8601). */
export type StatusChange = { status?: "draft" | "published"; publishDate?: string };

/**
 * The save of `doc`, as `persist(change)`: saves the form with `change` on top, creating the
 * article on its first save (the address then becomes `/studio/articles/{id}`, with `editorKey`
 * in the history state). Sends the version last seen, so a save over someone else's answers 409
 * (a conflict). An empty title is refused before sending ("a title is needed"); a 400 puts its
 * messages under the fields. `persist` resolves to the article as stored, or null when the save
 * failed (the status line says why); it never throws.
 */
export function usePersist(doc: EditorDocument, tracker: SaveTracker, editorKey: string) {
  const navigate = useNavigate();
  const { dispatch, setFieldErrors } = tracker;
  return async (change: StatusChange = {}): Promise<StudioArticle | null> => {
    const base = doc.savedRef.current;
    const data = { ...changesOf(doc.formRef.current), ...change };
    if (!data.title) {
      setFieldErrors({ title: "A title is needed" });
      dispatch({ type: "failed", message: "a title is needed" });
      return null;
    }
    dispatch({ type: "start" });
    setFieldErrors({});
    try {
      const result = base
        ? await studioApi.updateArticle(base.id, { ...data, updatedAt: base.attributes.updatedAt })
        : await studioApi.createArticle(data);
      doc.store(result);
      // A slug the server made (the title had none to give) shows in the field.
      doc.setForm((f) => (f.slug.trim() ? f : { ...f, slug: result.attributes.slug }));
      dispatch({ type: "saved", at: new Date().toISOString() });
      if (!base) {
        void navigate(`/studio/articles/${result.id}`, {
          replace: true,
          state: { editor: editorKey },
        });
      }
      return result;
    } catch (error) {
      if (isConflict(error)) {
        dispatch({ type: "conflict", message: "the article was changed elsewhere" });
      } else {
        const failure = failureOf(error);
        setFieldErrors(failure.fields);
        dispatch({ type: "failed", message: failure.message });
      }
      return null;
    }
  };
}

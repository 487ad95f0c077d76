// The editor's status actions and Delete: one at a time, each with the notice it leaves.
import { useState } from "react";
import { useNavigate } from "react-router";
import { toUtcInput } from "../article-form";
import { studioApi } from "../studio-api";
import { messageOf } from "../studio-load";
import type { EditorAction, StatusWork } from "./toolbar-actions";
import type { ArticleSaving } from "./use-article-saving";
import type { StatusChange } from "./use-persist";

/** The notice under the toolbar: what the last action did and, after a publish, the page's path. */
export interface EditorNotice {
  text: string;
  /** `/p/{slug}` of the article just published, for "View article". */
  view?: string;
}

/**
 * The action on its way, the notice under the toolbar, the publish and delete confirmations, and
 * the work: `run` marks an action busy and clears the notice; each status change saves with its
 * status, shows the publish date the server settled on and says what happened (a publish with
 * the path of its page, docs/product/studio.md#studio-publishing); `remove` deletes the article
 * and goes to `/studio` (after `allowLeave`), or says why it was not deleted.
 */
export function useEditorActions(saving: ArticleSaving, allowLeave: () => void) {
  const navigate = useNavigate();
  const [action, setAction] = useState<EditorAction | null>(null);
  const [notice, setNoticeState] = useState<EditorNotice | null>(null);
  const [confirmPublish, setConfirmPublish] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  /** Shows `text` under the toolbar (null: nothing), with `view` for a "View article" link. */
  const setNotice = (text: string | null, view?: string) =>
    setNoticeState(text === null ? null : { text, ...(view ? { view } : {}) });

  const run = async (kind: EditorAction, work: () => Promise<void>) => {
    setAction(kind);
    setNotice(null);
    try {
      await work();
    } finally {
      setAction(null);
    }
  };

  /** Saves with a new status, shows the date the server settled on and, when `live`, the page. */
  const changeStatus = async (
    change: StatusChange & { status: "draft" | "published" },
    done: string,
    live = false,
  ) => {
    const result = await saving.persist(change);
    if (!result) return;
    saving.setForm((f) => ({ ...f, publishDate: toUtcInput(result.attributes.publishDate) }));
    setNotice(done, live ? `/p/${result.attributes.slug}` : undefined);
  };

  const work: StatusWork = {
    save: async () => void (await saving.persist()),
    publishNow: () =>
      changeStatus(
        { status: "published", publishDate: new Date().toISOString() },
        "Published: readers can see it now.",
        true,
      ),
    schedule: () =>
      changeStatus({ status: "published" }, "Scheduled: it goes live at its publish date."),
    unpublish: () => changeStatus({ status: "draft" }, "Unpublished: it is a draft again."),
  };

  const remove = async () => {
    const id = saving.savedRef.current?.id;
    if (id === undefined) return;
    try {
      await studioApi.deleteArticle(id);
      allowLeave();
      setConfirmDelete(false);
      void navigate("/studio");
    } catch (error) {
      setConfirmDelete(false);
      setNotice(`Not deleted: ${messageOf(error)}`);
    }
  };

  return {
    action,
    notice,
    setNotice,
    confirmPublish,
    setConfirmPublish,
    confirmDelete,
    setConfirmDelete,
    run,
    work,
    remove,
  };
}

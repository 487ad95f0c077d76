// Which status actions the editor's toolbar offers (docs/product/studio.md#studio-publishing:
// authors save drafts; editors and admins also publish, schedule and unpublish), as data the
// toolbar renders.
import type { EditorAccess } from "./editor-access";

/**
 * An action of the editor; the one on its way shows a spinner on its button ("email": making a
 * newsletter issue of the article, editor/email-actions.tsx).
 */
export type EditorAction = "save" | "publish" | "schedule" | "unpublish" | "delete" | "email";

/** One button of the toolbar: what it does, its words and look, and when it waits. */
export interface ToolbarAction {
  kind: EditorAction;
  label: string;
  variant: "primary" | "secondary";
  /** Refused for now (Schedule without a future date); `why` says why, shown beside it. */
  disabled?: boolean;
  why?: string;
  work: () => Promise<void>;
}

/**
 * The work behind the buttons: save as is, publish now (the editor asks first: `publishNow` opens
 * its confirmation), schedule, unpublish.
 */
export interface StatusWork {
  save: () => Promise<void>;
  publishNow: () => Promise<void>;
  schedule: () => Promise<void>;
  unpublish: () => Promise<void>;
}

/**
 * The toolbar for `access`, in order: none when read-only. A draft: Save draft (primary for
 * authors), and for editors Schedule (only with a `future` publish date) and Publish now
 * (primary). A scheduled or published article: Save changes (primary), Publish now when
 * scheduled, Unpublish.
 */
export function toolbarActions(
  access: EditorAccess,
  future: boolean,
  work: StatusWork,
): ToolbarAction[] {
  if (!access.canEdit) return [];
  if (access.draft) {
    const save: ToolbarAction = {
      kind: "save",
      label: "Save draft",
      variant: access.editor ? "secondary" : "primary",
      work: work.save,
    };
    if (!access.editor) return [save];
    const scheduleBlock = future
      ? {}
      : { disabled: true, why: "Set a publish date in the future to schedule." };
    return [
      save,
      {
        kind: "schedule",
        label: "Schedule",
        variant: "secondary",
        work: work.schedule,
        ...scheduleBlock,
      },
      { kind: "publish", label: "Publish now", variant: "primary", work: work.publishNow },
    ];
  }
  const publish: ToolbarAction[] =
    access.state === "scheduled"
      ? [{ kind: "publish", label: "Publish now", variant: "secondary", work: work.publishNow }]
      : [];
  return [
    { kind: "save", label: "Save changes", variant: "primary", work: work.save },
    ...publish,
    { kind: "unpublish", label: "Unpublish", variant: "secondary", work: work.unpublish },
  ];
}

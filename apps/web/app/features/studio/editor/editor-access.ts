// What the viewer may do with the article in the editor, from their role and its stored state
// (the server's policy.ts decides; this only shapes the screen).
import type { ArticleState, Role, StudioArticle } from "@pragmatist/contracts";
import { isEditor } from "../../../lib/viewer";

/** The viewer's standing on the article as last stored. */
export interface EditorAccess {
  /** An editor or admin: publishes, schedules, unpublishes and deletes any article. */
  editor: boolean;
  /** The article's state as stored ("draft" for a new article not saved yet). */
  state: ArticleState;
  /** `state` is "draft". */
  draft: boolean;
  /** The fields and actions are open: editors always, authors on drafts only. */
  canEdit: boolean;
}

/** The access of a viewer with `role` to `saved` (null: a new article, a draft). */
export function editorAccess(role: Role, saved: StudioArticle | null): EditorAccess {
  const editor = isEditor(role);
  const state = saved?.attributes.state ?? "draft";
  const draft = state === "draft";
  // Authors change their own drafts only (policy.ts); a published article is read-only to them.
  return { editor, state, draft, canEdit: editor || draft };
}

/** What the body shows on narrow screens: the text, or its preview. */
export type BodyView = "write" | "preview";

/** A read-only article (an author's published one) opens on its preview on narrow screens. */
export function initialView(article: StudioArticle | null, role: Role): BodyView {
  return article && !isEditor(role) && article.attributes.status !== "draft" ? "preview" : "write";
}

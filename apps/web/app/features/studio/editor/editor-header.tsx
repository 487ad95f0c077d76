// The editor's top bar: back to the list, the article's title and state, the save status line
// and the toolbar.
import type { ArticleState } from "@pragmatist/contracts";
import type { ReactNode } from "react";
import { Link } from "react-router";
import type { SaveState } from "../autosave";
import { StatusBadge } from "../status-badge";
import { SaveStatus } from "./save-status";

/** "← Articles", the `title` with its `state` badge, the status line of `save`, then `children`. */
export function EditorHeader({
  title,
  state,
  save,
  children,
}: {
  title: string;
  state: ArticleState;
  save: SaveState;
  /** The toolbar. */
  children: ReactNode;
}) {
  return (
    <div className="mb-4 flex flex-wrap items-center gap-x-4 gap-y-3">
      {/* A line of its own on a phone, so the title is not squeezed beside the save status. */}
      <div className="flex min-w-0 basis-full items-center gap-3 sm:flex-1">
        <Link
          to="/studio"
          className="shrink-0 rounded-md text-sm font-medium text-muted hover:text-ink focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent"
        >
          ← Articles
        </Link>
        <h1 className="min-w-0 truncate text-lg font-semibold tracking-tight">{title}</h1>
        <StatusBadge state={state} />
      </div>
      <SaveStatus save={save} />
      {children}
    </div>
  );
}

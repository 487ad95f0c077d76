// Like and bookmark state of one article for the signed-in reader (docs/product.md#article-bar:
// applied locally at once): loads the reader's own state after hydration, toggles optimistically,
// rolls back when the server refuses, and ignores clicks while that toggle is still in flight.
import type { LikesBookmarks } from "@pragmatist/contracts";
import { useEffect, useRef, useState } from "react";

/** The two reactions of the article bar; also the words of their API paths and messages. */
export type ReactionKind = "like" | "bookmark";

/** Whether the reader has liked / bookmarked, and the count. */
export interface Reaction {
  on: boolean;
  count: number;
}

type State = Record<ReactionKind, Reaction>;

/** The state, the sentence after a refused toggle (or null), and `toggle(kind)`. */
export interface Reactions {
  state: State;
  error: string | null;
  toggle: (kind: ReactionKind) => void;
}

/**
 * A same-origin JSON call (the session cookie goes along). Deliberately not the shared API client:
 * the article page loads this, and its JavaScript budget is tight.
 * @throws the HTTP status (a number) on a non-2xx answer; fetch's TypeError/AbortError.
 */
async function call(url: string, articleId?: number, signal?: AbortSignal) {
  const res = await fetch(url, {
    method: articleId ? "POST" : "GET",
    headers: { "content-type": "application/json" },
    body: articleId ? JSON.stringify({ articleId }) : null,
    signal: signal ?? null,
  });
  if (!res.ok) throw res.status;
  return (await res.json()) as Record<string, unknown>;
}

/**
 * @param articleId the article's id, or undefined (then nothing is loaded or sent)
 * @param viewerId the signed-in reader's id, or null when signed out (counts only)
 * @param initial the server-rendered counts
 * @param onSignedOut called when the server says the session is gone (401)
 */
export function useReactions(
  articleId: number | undefined,
  viewerId: number | null,
  initial: { likeCount: number; bookmarkCount: number },
  onSignedOut: () => void,
): Reactions {
  const [state, setState] = useState<State>({
    like: { on: false, count: initial.likeCount },
    bookmark: { on: false, count: initial.bookmarkCount },
  });
  const [error, setError] = useState<string | null>(null);
  // Read synchronously by the click handler, so a double click sends one request; and once a kind
  // was toggled, its answer is newer than the initial load, whichever arrives last.
  const busy = useRef<Partial<Record<ReactionKind, boolean>>>({});
  const toggled = useRef<Partial<Record<ReactionKind, boolean>>>({});
  const set = (kind: ReactionKind, value: Reaction) => setState((s) => ({ ...s, [kind]: value }));

  useEffect(() => {
    if (!articleId || viewerId === null) return;
    const controller = new AbortController();
    call(`/api/articles/${articleId}/likesbookmarks`, undefined, controller.signal)
      .then((answer) => {
        const r = answer as unknown as LikesBookmarks;
        if (!toggled.current.like)
          set("like", { on: r.likedBy.includes(viewerId), count: r.likeCount });
        if (!toggled.current.bookmark) {
          set("bookmark", { on: r.bookmarkedBy.includes(viewerId), count: r.bookmarkCount });
        }
      })
      // The server-rendered counts stay; a toggle still answers the real state.
      .catch(() => undefined);
    return () => controller.abort();
  }, [articleId, viewerId]);

  function toggle(kind: ReactionKind) {
    if (!articleId || busy.current[kind]) return;
    busy.current[kind] = toggled.current[kind] = true;
    const before = state[kind];
    set(kind, { on: !before.on, count: Math.max(0, before.count + (before.on ? -1 : 1)) });
    setError(null);
    // Answers { liked, likeCount } or { bookmarked, bookmarkCount }.
    call(`/api/articles/toggle-${kind}`, articleId)
      .then((r) =>
        set(kind, {
          on: (kind === "like" ? r.liked : r.bookmarked) === true,
          count: Number(r[`${kind}Count`]),
        }),
      )
      .catch((status: unknown) => {
        set(kind, before);
        if (status === 401) onSignedOut();
        else setError(`Your ${kind} was not saved. Please try again.`);
      })
      .finally(() => (busy.current[kind] = false));
  }

  return { state, error, toggle };
}

// Like and bookmark state of one article (docs/product/reader.md#article-bar: applied locally at
// once): whether the reader likes and bookmarked it, and the counts as they are now, come from the
// viewer store (GET /api/viewer, the page being the same for everyone and its counts up to its
// cache time old); until then, and for a visitor, the counts are the page's. A toggle updates both
// at once, rolls back when the server refuses, and clicks are ignored while that toggle is in
// flight.
import type { ViewerArticle } from "@pragmatist/contracts";
import { useRef, useState } from "react";
import { updateViewerArticle, useViewerMarks, type ViewerStatus } from "../../lib/viewer";

/** The two reactions of the article bar; also the words of their API paths and messages. */
export type ReactionKind = "like" | "bookmark";

/** Whether the reader has liked / bookmarked, and the count. */
export interface Reaction {
  on: boolean;
  count: number;
}

type State = Record<ReactionKind, Reaction>;

/**
 * Who reads ("member" once their marks on this article are here, "anonymous", or "unknown"
 * before), the state, the sentence after a refused toggle (or null), and `toggle(kind)` (members
 * only).
 */
export interface Reactions {
  viewer: ViewerStatus;
  state: State;
  error: string | null;
  toggle: (kind: ReactionKind) => void;
}

/** The reader's mark of each reaction in the viewer store's article. */
const MARK = { like: "liked", bookmark: "bookmarked" } as const satisfies Record<
  ReactionKind,
  keyof ViewerArticle
>;

/** Each reaction's count in the viewer store's article (and in the toggle's answer). */
const COUNT = { like: "likeCount", bookmark: "bookmarkCount" } as const satisfies Record<
  ReactionKind,
  keyof ViewerArticle
>;

/**
 * `POST /api/articles/toggle-{kind}` (the session cookie goes along). Deliberately not the shared
 * API client: the article page loads this, and its JavaScript budget is tight.
 * @returns `{ liked, likeCount }` or `{ bookmarked, bookmarkCount }`
 * @throws the HTTP status (a number) on a non-2xx answer; fetch's TypeError.
 */
async function toggleCall(kind: ReactionKind, articleId: number) {
  const res = await fetch(`/api/articles/toggle-${kind}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ articleId }),
  });
  if (!res.ok) throw res.status;
  return (await res.json()) as Record<string, unknown>;
}

/**
 * @param articleId the article's id, or 0 (then nothing is sent)
 * @param slug the article's slug: the viewer store's marks count only when they are this article's
 * @param initial the server-rendered counts, shown until the viewer's current ones arrive
 * @param onSignedOut called when the server says the session is gone (401)
 */
export function useReactions(
  articleId: number,
  slug: string,
  initial: { likeCount: number; bookmarkCount: number },
  onSignedOut: () => void,
): Reactions {
  const { status: viewer, marks } = useViewerMarks(slug);
  const [error, setError] = useState<string | null>(null);
  // Read synchronously by the click handler, so a double click sends one request.
  const busy = useRef<Partial<Record<ReactionKind, boolean>>>({});
  const state: State = {
    like: { on: marks?.liked ?? false, count: marks?.likeCount ?? initial.likeCount },
    bookmark: {
      on: marks?.bookmarked ?? false,
      count: marks?.bookmarkCount ?? initial.bookmarkCount,
    },
  };
  const set = (kind: ReactionKind, { on, count }: Reaction) =>
    updateViewerArticle(slug, (a) => ({ ...a, [MARK[kind]]: on, [COUNT[kind]]: count }));

  function toggle(kind: ReactionKind) {
    if (!articleId || viewer !== "member" || busy.current[kind]) return;
    busy.current[kind] = true;
    const before = state[kind];
    set(kind, { on: !before.on, count: Math.max(0, before.count + (before.on ? -1 : 1)) });
    setError(null);
    toggleCall(kind, articleId)
      .then((r) => set(kind, { on: r[MARK[kind]] === true, count: Number(r[COUNT[kind]]) }))
      .catch((status: unknown) => {
        set(kind, before);
        if (status === 401) onSignedOut();
        else setError(`Your ${kind} was not saved. Please try again.`);
      })
      .finally(() => (busy.current[kind] = false));
  }

  return { viewer, state, error, toggle };
}

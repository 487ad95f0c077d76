// The reader as GET /api/viewer says after hydration (docs/architecture.md#caching): public pages
// are the same bytes for everyone, so who is signed in, and their marks on the article they read,
// arrive here and every personal part of the page reads them from this one store.
import {
  MEMBER_HINT_COOKIE,
  type OwnUser,
  type Role,
  type ViewerArticle,
  type ViewerState,
} from "@pragmatist/contracts";
import { useEffect, useSyncExternalStore } from "react";
import { getJson, isAbortError, withQuery } from "./fetch-json";

/**
 * "unknown" until the browser knows (the server render and hydration: the page shows both the
 * member and the visitor versions of a slot and CSS picks one by the member hint), then "member"
 * or "anonymous".
 */
export type ViewerStatus = "unknown" | "member" | "anonymous";

/** What the store holds. */
export interface ViewerSnapshot {
  status: ViewerStatus;
  /** The signed-in reader, once known. */
  user: OwnUser | null;
  /** Their marks on the article being read (null elsewhere, or signed out). */
  article: ViewerArticle | null;
  /** Whether the member gets the built-in newsletter (false until known, and signed out). */
  subscribed: boolean;
  /** The member's unread notification lines (0 until known, and signed out). */
  unreadNotifications: number;
}

const UNKNOWN: ViewerSnapshot = {
  status: "unknown",
  user: null,
  article: null,
  subscribed: false,
  unreadNotifications: 0,
};
const ANONYMOUS: ViewerSnapshot = { ...UNKNOWN, status: "anonymous" };
let snapshot = UNKNOWN;
let loadedFor: string | null = null;
let inflight: AbortController | null = null;
/** Settles the waiters of `latest` from before the first `loadViewer`. */
let settleFirst: () => void = () => undefined;
/** The latest `loadViewer`, settled once its answer is published (pending until the first). */
let latest = new Promise<void>((resolve) => (settleFirst = resolve));
/** The reader's writes the next viewer read waits for (`holdViewerReads`). */
const pendingWrites = new Set<Promise<unknown>>();
const listeners = new Set<() => void>();

function publish(next: ViewerSnapshot): void {
  snapshot = next;
  // The attribute the head script set from the hint (root.tsx), kept true to what is known.
  if (next.status === "member") document.documentElement.dataset.member = "";
  else if (next.status === "anonymous") delete document.documentElement.dataset.member;
  for (const listener of listeners) listener();
}

/** The head script of every page: marks `<html data-member>` when the hint cookie is there. */
export const MEMBER_HINT_SCRIPT = `document.cookie.split("; ").indexOf("${MEMBER_HINT_COOKIE}=1")>=0&&(document.documentElement.dataset.member="")`;

function hasMemberHint(): boolean {
  return document.cookie.split("; ").includes(`${MEMBER_HINT_COOKIE}=1`);
}

/**
 * `GET /api/viewer?article=` (`private, no-store`): the signed-in reader and their marks on the
 * article. Through lib/fetch-json.ts, not the typed API client: every page loads this module, and
 * only signed-in readers ever make the call.
 * @throws ApiError on a non-2xx status; an AbortError when `signal` aborts.
 */
function fetchViewer(article: string | null, signal: AbortSignal): Promise<ViewerState> {
  return getJson(withQuery("/api/viewer", { article: article ?? undefined }), signal);
}

/**
 * Holds the viewer's reads until `write` (a mark-read call) has settled: a read the server
 * answered before the write would bring back the count from before it (the bell's unread lines,
 * docs/product/reader.md#notifications). Reads already answered are not affected.
 */
export function holdViewerReads(write: Promise<unknown>): void {
  pendingWrites.add(write);
  void write.then(
    () => pendingWrites.delete(write),
    () => pendingWrites.delete(write),
  );
}

/** Settles once the latest viewer read has been published (or failed). */
export function viewerSettled(): Promise<void> {
  return latest;
}

/** The store's snapshot now, outside React (after `viewerSettled`, what the server said). */
export function viewerNow(): ViewerSnapshot {
  return snapshot;
}

/**
 * Loads the viewer for the page showing `article` (a slug, or null). Without the member hint
 * nobody is signed in and nothing is asked; a hint whose session is gone is cleared. The request
 * waits for the reader's writes held by `holdViewerReads`. A failed request leaves the reader
 * signed out for this page (public pages work without it).
 */
export function loadViewer(article: string | null): Promise<void> {
  latest = readViewer(article);
  void latest.then(settleFirst);
  return latest;
}

/** `loadViewer`'s work. */
async function readViewer(article: string | null): Promise<void> {
  loadedFor = article;
  inflight?.abort();
  if (!hasMemberHint()) {
    publish(ANONYMOUS);
    return;
  }
  const controller = (inflight = new AbortController());
  await Promise.allSettled([...pendingWrites]);
  if (controller.signal.aborted) return;
  try {
    const { data } = await fetchViewer(article, controller.signal);
    if (!data.user) document.cookie = `${MEMBER_HINT_COOKIE}=; Max-Age=0; Path=/`;
    const { user, article: marks, subscribed, unreadNotifications } = data;
    publish(
      user
        ? { status: "member", user, article: marks, subscribed, unreadNotifications }
        : ANONYMOUS,
    );
  } catch (error) {
    if (!isAbortError(error)) publish(ANONYMOUS);
  }
}

/** Loads the viewer again for the same page (after signing in or out, or a profile change). */
export function refreshViewer(): Promise<void> {
  return loadViewer(loadedFor);
}

/**
 * Applies the reader's own change to their marks on the article `slug` (a like, a new comment),
 * while the store holds that article's marks (a later page's are never touched).
 */
export function updateViewerArticle(
  slug: string,
  change: (article: ViewerArticle) => ViewerArticle,
): void {
  if (snapshot.article?.slug === slug) publish({ ...snapshot, article: change(snapshot.article) });
}

/**
 * Sets the member's unread notification lines as the notifications list or a mark-read call
 * answered them (docs/product/reader.md#notifications), so the header's bell follows at once.
 */
export function setUnreadNotifications(unread: number): void {
  if (snapshot.status === "member" && snapshot.unreadNotifications !== unread) {
    publish({ ...snapshot, unreadNotifications: unread });
  }
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The store's current snapshot; "unknown" on the server and during hydration. */
export function useViewerSnapshot(): ViewerSnapshot {
  return useSyncExternalStore(
    subscribe,
    () => snapshot,
    () => UNKNOWN,
  );
}

/** The signed-in reader, or null (signed out, or not known yet). */
export function useViewer(): OwnUser | null {
  return useViewerSnapshot().user;
}

/**
 * The reader's standing on the page of article `slug`: their marks on it (null until they are
 * this article's), and their status, "unknown" for a member whose marks on it have not come yet.
 */
export function useViewerMarks(slug: string): {
  status: ViewerStatus;
  marks: ViewerArticle | null;
} {
  const { status, article } = useViewerSnapshot();
  const marks = article?.slug === slug ? article : null;
  return { status: status === "member" && !marks ? "unknown" : status, marks };
}

/** Loads the viewer after hydration and whenever the page's article changes (root.tsx). */
export function useViewerSync(article: string | null): void {
  useEffect(() => {
    void loadViewer(article);
  }, [article]);
}

/**
 * Staff roles (docs/product/accounts.md#roles), as the server's studio policy
 * (apps/server/src/modules/access/policy.ts) grants them; the server checks every call again.
 * Authors write drafts; editors also publish and moderate; admins also manage members.
 */
export function isStaff(role: Role | undefined): boolean {
  return role === "author" || isEditor(role);
}

/** Editors and admins: publish, unpublish, schedule, moderate, read the audit log. */
export function isEditor(role: Role | undefined): boolean {
  return role === "editor" || role === "admin";
}

/** Admins: members and roles. */
export function isAdmin(role: Role | undefined): boolean {
  return role === "admin";
}

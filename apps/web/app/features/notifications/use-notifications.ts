// The notifications screen's state (docs/product/reader.md#notifications): a page of lines read
// in the browser, marking one line or all of them read, and the header's count kept in step.
import type { Notification, NotificationList } from "@pragmatist/contracts";
import { useCallback, useEffect, useState } from "react";
import { isAbortError } from "../../lib/fetch-json";
import { setUnreadNotifications } from "../../lib/viewer";
import { notificationsApi } from "./notifications-api";

/** What the screen shows: the page read (null while reading), whether it failed, and the calls. */
export interface NotificationsState {
  list: NotificationList | null;
  failed: boolean;
  /** "Mark all as read" is under way. */
  marking: boolean;
  /** Why "Mark all as read" was refused, or null. */
  markError: string | null;
  reload: () => void;
  markAll: () => Promise<void>;
  /** Marks one line read as it is opened (the link goes on). */
  open: (line: Notification) => void;
}

/** Marks the lines `ids` read in `list` (all when `ids` is null), with the unread count `unread`. */
function markedRead(list: NotificationList, ids: number[] | null, unread: number) {
  const data = list.data.map((n) =>
    ids === null || ids.includes(n.id) ? { ...n, attributes: { ...n.attributes, read: true } } : n,
  );
  return { data, meta: { ...list.meta, unread } };
}

/**
 * Reads page `page` of the member's notifications on mount and when the page changes; the bell
 * follows each answer's unread count. Opening a line marks it read at once on screen and in the
 * bell, then on the server; a refused mark leaves the rest as it was.
 */
export function useNotifications(page: number): NotificationsState {
  const [list, setList] = useState<NotificationList | null>(null);
  const [failed, setFailed] = useState(false);
  const [marking, setMarking] = useState(false);
  const [markError, setMarkError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    setFailed(false);
    notificationsApi.list(page, controller.signal).then(
      (answer) => {
        setList(answer);
        setUnreadNotifications(answer.meta.unread);
      },
      (error: unknown) => {
        if (!isAbortError(error)) setFailed(true);
      },
    );
    return () => controller.abort();
  }, [page, attempt]);

  const markAll = useCallback(async () => {
    setMarking(true);
    setMarkError(null);
    try {
      const { unread } = await notificationsApi.markRead({ all: true });
      setList((l) => (l ? markedRead(l, null, unread) : l));
    } catch {
      setMarkError("Could not mark them as read. Try again.");
    } finally {
      setMarking(false);
    }
  }, []);

  const open = useCallback(
    (line: Notification) => {
      if (line.attributes.read || !list) return;
      const unread = Math.max(0, list.meta.unread - 1);
      setList(markedRead(list, [line.id], unread));
      setUnreadNotifications(unread);
      // The article's viewer read, after the link's navigation, waits for this answer.
      notificationsApi.markRead({ ids: line.attributes.ids }).catch(() => undefined);
    },
    [list],
  );

  return {
    list,
    failed,
    marking,
    markError,
    reload: () => setAttempt((n) => n + 1),
    markAll,
    open,
  };
}

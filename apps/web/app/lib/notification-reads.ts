// Marking the member's notifications read (docs/product/reader.md#notifications,
// docs/product/api.md#api-notifications), for the notifications list and for the comment a link
// opens: the bell follows the answer, and the viewer's next read waits for it, so it never brings
// back the count from before.
import type { NotificationsReadBody } from "@pragmatist/contracts";
import { call } from "./account-api";
import { holdViewerReads, setUnreadNotifications, viewerNow, viewerSettled } from "./viewer";

/**
 * `POST /api/notifications/read` with `body`; the viewer's reads wait for it and the bell shows
 * the unread lines it answers. @returns them.
 * @throws ApiError on a non-2xx answer; TypeError when offline.
 */
export async function markNotificationsRead(
  body: NotificationsReadBody,
): Promise<{ unread: number }> {
  const write = call<{ data: { unread: number } }>("POST", "/api/notifications/read", body);
  holdViewerReads(write);
  const { data } = await write;
  setUnreadNotifications(data.unread);
  return data;
}

/**
 * The comment `commentId` a link opened (`#comment-{id}`): once the viewer is known, marks a
 * member's notifications of it read when they have unread ones (the server marks only their own).
 * Never rejects: a failure leaves the notifications as they were.
 */
export async function markCommentNotificationsRead(commentId: number): Promise<void> {
  await viewerSettled();
  const { status, unreadNotifications } = viewerNow();
  if (status !== "member" || unreadNotifications === 0) return;
  await markNotificationsRead({ comment: commentId }).catch(() => undefined);
}

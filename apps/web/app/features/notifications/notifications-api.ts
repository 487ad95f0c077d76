// The member's notifications over the API (docs/product/api.md#api-notifications): a page of
// lines, and marking lines read. Private answers; the session cookie goes with every call.
import type { NotificationList } from "@pragmatist/contracts";
import { getJson, withQuery } from "../../lib/fetch-json";
import { markNotificationsRead } from "../../lib/notification-reads";

/**
 * `GET /api/notifications?page=` and `POST /api/notifications/read` (lib/notification-reads.ts:
 * the viewer's reads wait for it, the bell follows its answer).
 * @throws ApiError on a non-2xx answer; TypeError when offline.
 */
export const notificationsApi = {
  list: (page: number, signal?: AbortSignal) =>
    getJson<NotificationList>(withQuery("/api/notifications", { page }), signal),
  markRead: markNotificationsRead,
};

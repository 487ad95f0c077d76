// The member's notifications over the API (docs/product/api.md#api-notifications): a page of
// lines, and marking lines read. Private answers; the session cookie goes with every call.
import type { NotificationList, NotificationsReadBody } from "@pragmatist/contracts";
import { getJson, toApiError, withQuery } from "../../lib/fetch-json";

/**
 * `GET /api/notifications?page=` and `POST /api/notifications/read`. `markRead` is sent with
 * `keepalive`, so a line opened as the page changes is still marked.
 * @throws ApiError on a non-2xx answer; TypeError when offline.
 */
export const notificationsApi = {
  list: (page: number, signal?: AbortSignal) =>
    getJson<NotificationList>(withQuery("/api/notifications", { page }), signal),
  async markRead(body: NotificationsReadBody): Promise<{ unread: number }> {
    const res = await fetch("/api/notifications/read", {
      method: "POST",
      keepalive: true,
      headers: { "content-type": "application/json", accept: "application/json" },
      body: JSON.stringify(body),
    });
    if (!res.ok) throw await toApiError(res);
    return ((await res.json()) as { data: { unread: number } }).data;
  },
};

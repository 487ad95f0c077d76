// The member's notifications over the API (docs/product/api.md#api-notifications): a page of
// lines, and marking lines read. Private answers; the session cookie goes with every call.
import type { NotificationList, NotificationsReadBody } from "@pragmatist/contracts";
import { call } from "../../lib/account-api";
import { getJson, withQuery } from "../../lib/fetch-json";

/**
 * `GET /api/notifications?page=` and `POST /api/notifications/read`.
 * @throws ApiError on a non-2xx answer; TypeError when offline.
 */
export const notificationsApi = {
  list: (page: number, signal?: AbortSignal) =>
    getJson<NotificationList>(withQuery("/api/notifications", { page }), signal),
  markRead: async (body: NotificationsReadBody) =>
    (await call<{ data: { unread: number } }>("POST", "/api/notifications/read", body)).data,
};

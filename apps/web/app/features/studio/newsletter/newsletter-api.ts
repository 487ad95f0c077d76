// Browser calls of the studio's newsletter screens (server:
// apps/server/src/modules/newsletter/issues.routes.ts, docs/product/api.md#api-newsletter-issues):
// same-origin fetches with the session cookie. Types only from contracts: no zod in the bundle.
import type {
  CreateIssueBody,
  IssueStats,
  IssueStatus,
  StudioIssue,
  UpdateIssueBody,
} from "@pragmatist/contracts";
import { call } from "../../../lib/account-api";
import type { Page } from "../studio-api";

/** The mail as it would go out now: its subject, its HTML part and its plain-text part. */
export interface IssuePreview {
  subject: string;
  html: string;
  text: string;
}

const base = "/api/studio/newsletter/issues";
const one = (id: number) => `${base}/${encodeURIComponent(String(id))}`;

/**
 * The studio's newsletter calls (editors and admins). Each throws ApiError on a non-2xx answer
 * (the server's message and status: 400 with `details.errors` per field, 401 session ended, 403
 * role too low, 404 gone, 409 `details.status` once a send started, 429 too many) and TypeError
 * when offline; calls that take a `signal` are aborted with it.
 */
export const newsletterApi = {
  /** `GET …/issues`: 20 a page, newest first, optionally of one `status`. */
  list(
    query: { status?: IssueStatus | undefined; page?: number | undefined },
    signal?: AbortSignal,
  ): Promise<Page<StudioIssue>> {
    const params = new URLSearchParams();
    if (query.status) params.set("status", query.status);
    if (query.page && query.page > 1) params.set("page", String(query.page));
    const qs = params.toString();
    return call("GET", qs ? `${base}?${qs}` : base, undefined, signal);
  },

  /** `POST …/issues` `{ data }`: a new draft, a post of one article or a digest. */
  async create(data: CreateIssueBody["data"]): Promise<StudioIssue> {
    return (await call<{ data: StudioIssue }>("POST", base, { data })).data;
  },

  /** `GET …/issues/{id}`. */
  async get(id: number, signal?: AbortSignal): Promise<StudioIssue> {
    return (await call<{ data: StudioIssue }>("GET", one(id), undefined, signal)).data;
  },

  /** `PUT …/issues/{id}` `{ data }`: a draft's subject, intro, slug or articles. */
  async update(id: number, data: UpdateIssueBody["data"]): Promise<StudioIssue> {
    return (await call<{ data: StudioIssue }>("PUT", one(id), { data })).data;
  },

  /** `DELETE …/issues/{id}`: a draft only. */
  async remove(id: number): Promise<void> {
    await call("DELETE", one(id));
  },

  /** `GET …/{id}/preview`: the mail as it would go out now. */
  async preview(id: number, signal?: AbortSignal): Promise<IssuePreview> {
    const url = `${one(id)}/preview`;
    return (await call<{ data: IssuePreview }>("GET", url, undefined, signal)).data;
  },

  /** `POST …/{id}/test`: mails the issue to the caller's own address; resolves to that address. */
  async sendTest(id: number): Promise<string> {
    return (await call<{ data: { to: string } }>("POST", `${one(id)}/test`)).data.to;
  },

  /** `POST …/{id}/send`: freezes the recipients (the one list, each address once) and sends. */
  async send(id: number): Promise<StudioIssue> {
    return (await call<{ data: StudioIssue }>("POST", `${one(id)}/send`)).data;
  },

  /** `POST …/{id}/cancel`: deliveries not yet handed to SMTP are cancelled. */
  async cancel(id: number): Promise<StudioIssue> {
    return (await call<{ data: StudioIssue }>("POST", `${one(id)}/cancel`)).data;
  },

  /** `GET …/{id}/stats`: the delivery figures. */
  async stats(id: number, signal?: AbortSignal): Promise<IssueStats> {
    const url = `${one(id)}/stats`;
    return (await call<{ data: IssueStats }>("GET", url, undefined, signal)).data;
  },

  /**
   * How many subscribers are confirmed now: the total of `GET /api/studio/subscribers
   * ?status=confirmed` (one row asked for). An upper bound of a send's recipients: addresses
   * that bounced before are left out when the send freezes them.
   */
  async confirmedSubscribers(signal?: AbortSignal): Promise<number> {
    const url = "/api/studio/subscribers?status=confirmed&pageSize=1";
    const page = await call<Page<unknown>>("GET", url, undefined, signal);
    return page.meta.pagination.total;
  },
};

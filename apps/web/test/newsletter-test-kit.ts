// Test kit of the studio's newsletter component tests (no test itself): issues and figures as the
// server answers them, and `fetch` answering like the newsletter API from a table of routes.
import type { IssueStats, StudioIssue } from "@pragmatist/contracts";
import { vi } from "vitest";

/** A draft post issue (id 12) of the article "Staking yields", with `changes` on top. */
export function issueOf(changes: Partial<StudioIssue["attributes"]> = {}, id = 12): StudioIssue {
  return {
    id,
    attributes: {
      slug: "staking-yields",
      subject: "Staking yields",
      intro: "",
      kind: "post",
      status: "draft",
      articles: [{ id: 7, title: "Staking yields", slug: "staking-yields", status: "published" }],
      createdBy: { id: 3, username: "Eddie Editor" },
      createdAt: "2026-05-01T10:00:00.000Z",
      updatedAt: "2026-05-01T10:00:00.000Z",
      sendStartedAt: null,
      sentAt: null,
      cancelledAt: null,
      webUrl: "http://localhost:1337/newsletter/staking-yields",
      ...changes,
    },
  };
}

/** Figures with nothing counted yet and tracking off, with `changes` on top. */
export function statsOf(changes: Partial<IssueStats> = {}): IssueStats {
  return {
    ...{ recipients: 0, pending: 0, sent: 0, failed: 0, bounced: 0, skipped: 0, cancelled: 0 },
    ...{ unsubscribes: 0, clicks: null, opened: null, links: [] },
    tracking: { clicks: false, opens: false },
    ...changes,
  };
}

/** What the fake API answers: a status and a JSON body. */
export interface Answer {
  status: number;
  body: unknown;
}

/** 200 with `body`. */
export const ok = (body: unknown): Answer => ({ status: 200, body });

/** A refusal in the Strapi error shape. */
export const refused = (status: number, message: string): Answer => ({
  status,
  body: { data: null, error: { status, name: "ApplicationError", message, details: {} } },
});

/** One call the page made: method, path with query, and the JSON body sent. */
export interface Call {
  method: string;
  url: string;
  body: unknown;
}

/**
 * Stubs `fetch` with `route`, which answers a call (or undefined: 404 "Not found"). @returns the
 * calls made, oldest first, to assert what the page sent.
 */
export function fakeApi(route: (call: Call) => Answer | undefined): Call[] {
  const calls: Call[] = [];
  vi.stubGlobal("fetch", async (input: RequestInfo | URL, init?: RequestInit) => {
    const call: Call = {
      method: init?.method ?? "GET",
      url: String(input),
      body: init?.body ? JSON.parse(String(init.body)) : undefined,
    };
    calls.push(call);
    const answer = route(call) ?? refused(404, "Not found");
    return Response.json(answer.body, { status: answer.status });
  });
  return calls;
}

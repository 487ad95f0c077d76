// Every route that takes a body refuses a malformed one with a 4xx in the Strapi error body, not
// a 500, and before any rate limit or credit is spent (uploads: their own file).
import { describe, expect, it } from "vitest";
import { withTestApp } from "../testing/app.ts";
import { engines } from "../testing/db.ts";
import { insertArticle, registerVerifiedMember, TEST_PASSWORD } from "../testing/fixtures.ts";
import {
  expectErrorBody,
  injected,
  type Malformed,
  unparsableBodies,
} from "./error-answers.testing.ts";

/** The one client address every request of this file comes from, malformed or not. */
const CLIENT = "10.13.9.9";

/** The malformed bodies sent to every route (the body too large only in the first test). */
const malformed: Malformed[] = [
  ...unparsableBodies,
  {
    label: "multipart without a boundary",
    headers: { "content-type": "multipart/form-data" },
    payload: "--x\r\n",
    status: 415,
    message: "This content type is not accepted here",
  },
];

/**
 * The mailed links' POSTs (RFC 8058 one-click among them): a form of any shape is their body, and
 * ignored; without a token in the URL, each refuses with its own sentence.
 */
const MAILED_LINKS = new Set([
  "/api/newsletter/confirm",
  "/api/newsletter/unsubscribe",
  "/api/newsletter/resubscribe",
  "/api/notifications/unsubscribe",
]);

const tooLarge: Malformed = {
  label: "a body over 1 MB",
  headers: { "content-type": "application/json" },
  payload: JSON.stringify({ data: "x".repeat(1024 * 1024) }),
  status: 413,
  message: "The request body is too large",
};

describe.each(engines)("malformed bodies on %s", (engine) => {
  const ctx = withTestApp(engine);
  const send = (method: string, url: string, c: Malformed, extra: Record<string, string> = {}) =>
    ctx.app.inject({
      method: method as "POST",
      url,
      headers: { ...c.headers, ...extra },
      payload: c.payload,
      remoteAddress: CLIENT,
    });

  /** Every operation of the OpenAPI document but GET and HEAD, its path parameters set to 1. */
  async function bodyRoutes(): Promise<{ method: string; url: string }[]> {
    await ctx.app.ready();
    const doc = ctx.app.swagger() as { paths: Record<string, Record<string, unknown>> };
    return Object.entries(doc.paths).flatMap(([path, operations]) =>
      Object.keys(operations)
        .filter((m) => m !== "get" && m !== "head")
        // The catch-all of unknown paths, and the uploads (their own file,
        // upload.malformed.test.ts: multipart is their type).
        .filter(() => !["/api/{*}", "/api/upload", "/api/studio/images"].includes(path))
        .map((method) => ({ method: method.toUpperCase(), url: path.replace(/\{[^}]+\}/g, "1") })),
    );
  }

  it("refuses them on every route that can take a body, each with its exact answer", async () => {
    const routes = await bodyRoutes();
    expect(routes.length).toBeGreaterThan(30);
    for (const { method, url } of routes) {
      for (const c of [...malformed, tooLarge]) {
        if (MAILED_LINKS.has(url) && c.label === "multipart without a boundary") {
          // RFC 8058 one-click reads its token from the URL and ignores the form it posts.
          const res = await send(method, url, c);
          expect(`${url} ${res.statusCode}`).toBe(`${url} 400`);
          expect(res.json().error.message).toMatch(/^This (confirmation|unsubscribe) /);
          continue;
        }
        const res = injected(await send(method, url, c));
        expect(`${method} ${url} ${c.label}: ${res.status}`).toBe(
          `${method} ${url} ${c.label}: ${c.status}`,
        );
        expectErrorBody(
          res,
          c.status,
          c.status === 413 ? "PayloadTooLargeError" : "ValidationError",
          c.message,
        );
      }
    }
  });

  it("spends no rate limit on them: a valid request from the same client still passes", async () => {
    const member = await registerVerifiedMember(ctx.app);
    await insertArticle(ctx.db, { slug: "body-parsing-article", status: "published" });
    // Each route's budget per client is one less than `over`: that many malformed bodies first.
    const limited: { url: string; over: number; body: object; status: number; auth?: object }[] = [
      {
        url: "/api/auth/local/register",
        over: 11,
        body: { username: "Body Parser", email: "bp@example.test", password: TEST_PASSWORD },
        status: 200,
      },
      {
        url: "/api/auth/local",
        over: 31,
        body: { identifier: member.email, password: TEST_PASSWORD },
        status: 200,
      },
      { url: "/api/auth/forgot-password", over: 21, body: { email: member.email }, status: 200 },
      { url: "/api/newsletter/subscribe", over: 21, body: { email: member.email }, status: 200 },
      { url: "/api/analytics/pageview", over: 121, body: { path: "/" }, status: 202 },
      {
        url: "/api/comment-manager/comments/body-parsing-article",
        over: 6,
        body: { content: "Well parsed." },
        status: 201,
        auth: member.auth,
      },
    ];
    for (const { url, over, body, status, auth = {} } of limited) {
      for (let i = 0; i < over; i += 1) {
        const c = malformed[i % malformed.length] as Malformed;
        expect((await send("POST", url, c, { ...auth })).statusCode).toBe(c.status);
      }
      const valid = await ctx.app.inject({
        method: "POST",
        url,
        payload: body,
        headers: { ...auth, "user-agent": "Mozilla/5.0 (X11; Linux x86_64) Firefox/140.0" },
        remoteAddress: CLIENT,
      });
      expect(`${url}: ${valid.statusCode}`).toBe(`${url}: ${status}`);
    }
    await ctx.app.services.newsletter.settle();
    await ctx.app.services.passwordReset.settle();
  });

  it("spends no credit of Max on them", async () => {
    const first = await ctx.app.inject({ url: "/api/assistant/history", remoteAddress: CLIENT });
    const cookie = first.cookies.find((c) => c.name === "pragmatist_visitor");
    const headers = { cookie: `pragmatist_visitor=${cookie?.value}` };
    for (const c of malformed) {
      const res = await send("POST", "/api/assistant/chat", c, headers);
      expect(res.statusCode).toBe(c.status);
    }
    const after = await ctx.app.inject({ url: "/api/assistant/history", headers });
    expect(after.json().data.credits).toMatchObject({ used: 0, remaining: 2 });
  });
});

// Every /api error answers the Strapi error body, the framework's own included: bad JSON, unknown
// paths and methods, a body too large, an unsupported type, a URL too long or badly encoded (over a
// real socket where app.inject cannot reach Node's parser), and a route's unexpected error.
import { connect } from "node:net";
import { beforeAll, describe, expect, it } from "vitest";
import { withTestApp } from "../testing/app.ts";
import { engines } from "../testing/db.ts";
import { type Answer, expectErrorBody, injected } from "./error-answers.testing.ts";

/** Sends `request` as raw bytes to `port` and answers the status line's code and the body. */
function rawRequest(port: number, request: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, "127.0.0.1", () => socket.write(request));
    const chunks: Buffer[] = [];
    socket.on("data", (chunk) => chunks.push(chunk));
    socket.on("error", reject);
    socket.on("close", () => {
      const text = Buffer.concat(chunks).toString("utf8");
      const [head = "", body = ""] = text.split("\r\n\r\n");
      const type = /^content-type: (.*)$/im.exec(head)?.[1] ?? null;
      resolve({ status: Number(head.split(" ")[1]), body, contentType: type });
    });
  });
}

/** The status, body and content type of a `fetch` response. */
async function fetched(res: Response): Promise<Answer> {
  return {
    status: res.status,
    body: await res.text(),
    contentType: res.headers.get("content-type"),
  };
}

describe.each(engines)("error answers on %s", (engine) => {
  const ctx = withTestApp(engine);
  let base = "";
  let port = 0;
  beforeAll(async () => {
    // Routes that fail the way a bug or a dependency would, added before the app is ready.
    ctx.app.get("/api/test/throws", async () => {
      const error = new Error("connect ECONNREFUSED 10.0.0.5:5432 (/srv/app/db/client.ts)");
      throw Object.assign(error, { code: "ECONNREFUSED" });
    });
    ctx.app.get("/api/test/unavailable", async () => {
      throw Object.assign(new Error("upstream said: token sk-secret"), { statusCode: 503 });
    });
    ctx.app.get("/api/test/conflict", async () => {
      const error = new Error("SQLITE_CONSTRAINT: UNIQUE failed: users.password_hash");
      throw Object.assign(error, { statusCode: 409, code: "SQLITE_CONSTRAINT" });
    });
    base = await ctx.app.listen({ port: 0, host: "127.0.0.1" });
    port = Number(new URL(base).port);
  });

  const post = (headers: Record<string, string>, payload: string) =>
    ctx.app.inject({ method: "POST", url: "/api/auth/local", headers, payload });
  const json = { "content-type": "application/json" };

  it("answers 400 for invalid JSON and for an empty JSON body", async () => {
    const bad = injected(await post(json, '{"identifier":'));
    expectErrorBody(bad, 400, "ValidationError", "The request body is not valid JSON");
    const empty = injected(await post(json, ""));
    const message = "The request body is empty, but its content type says JSON";
    expectErrorBody(empty, 400, "ValidationError", message);
  });

  it("answers 404 for an unknown API path, and for a method its path lacks (never 405)", async () => {
    const unknown = injected(await ctx.app.inject({ url: "/api/no-such-thing?x=1" }));
    expectErrorBody(unknown, 404, "NotFoundError", "Route GET /api/no-such-thing not found");
    const method = injected(await ctx.app.inject({ method: "PATCH", url: "/api/articles" }));
    expectErrorBody(method, 404, "NotFoundError", "Route PATCH /api/articles not found");
  });

  it("answers 413 for a body over the 1 MB limit", async () => {
    const big = JSON.stringify({ identifier: "x".repeat(1024 * 1024), password: "y" });
    const res = injected(await post(json, big));
    expectErrorBody(res, 413, "PayloadTooLargeError", "The request body is too large");
  });

  it("answers 415 for a content type no route parses", async () => {
    const res = injected(await post({ "content-type": "application/xml" }, "<login/>"));
    expectErrorBody(res, 415, "ValidationError", "This content type is not accepted here");
  });

  it("answers 400 for a broken percent-encoding, through inject and over a socket", async () => {
    const message = "The URL is not valid: it has a broken percent-encoding";
    for (const url of ["/api/articles/%E0%A4%A", "/api/%zz"]) {
      const res = await ctx.app.inject({ url });
      expect(res.headers["x-content-type-options"]).toBe("nosniff");
      expectErrorBody(injected(res), 400, "ValidationError", message);
      expectErrorBody(await fetched(await fetch(`${base}${url}`)), 400, "ValidationError", message);
    }
  });

  it("answers 431 for a URL or headers over 16 KB (Node's parser, over a socket)", async () => {
    const message = "The URL or the request headers are too large";
    const longUrl = await fetch(`${base}/api/articles?q=${"a".repeat(17_000)}`);
    expectErrorBody(await fetched(longUrl), 431, "ValidationError", message);
    const longHeader = await fetch(`${base}/api/articles`, {
      headers: { cookie: `c=${"b".repeat(17_000)}` },
    });
    expectErrorBody(await fetched(longHeader), 431, "ValidationError", message);
  });

  it("answers 400 for a request line Node cannot parse (an unknown method)", async () => {
    const res = await rawRequest(port, "BREW /api/articles HTTP/1.1\r\nHost: localhost\r\n\r\n");
    expectErrorBody(res, 400, "ValidationError", "Bad Request");
  });

  it("answers a route's unexpected error as a 500 with no internals but the request id", async () => {
    for (const url of ["/api/test/throws", "/api/test/unavailable"]) {
      const answer = await ctx.app.inject({ url });
      const requestId = answer.headers["x-request-id"];
      expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
      const res = injected(answer);
      expectErrorBody(res, 500, "ApplicationError", "Internal Server Error", { requestId });
      expect(res.body).not.toMatch(/ECONNREFUSED|srv|secret|stack/);
    }
  });

  it("keeps a thrown client error's status but answers its reason phrase, not its message", async () => {
    const res = injected(await ctx.app.inject({ url: "/api/test/conflict" }));
    expectErrorBody(res, 409, "ValidationError", "Conflict");
    expect(res.body).not.toMatch(/SQLITE|password_hash/);
  });
});

// A control character (NUL above all, which PostgreSQL's text refuses) in any path parameter, query
// value or body string is refused with a 400 naming the field, on every route of the OpenAPI
// document and on the pages, signed in or not; never a 500 (docs/architecture.md#conventions).
import { beforeAll, describe, expect, it } from "vitest";
import { engines } from "../testing/db.ts";
import { withStudio } from "../testing/studio.ts";
import { ensureWebBuild } from "../testing/web-build.ts";
import { expectErrorBody, injected } from "./error-answers.testing.ts";

const MESSAGE = "This field holds a control character, which no field accepts";

interface Operation {
  method: string;
  path: string;
  query: string[];
}

describe.each(engines)("control characters on %s", (engine) => {
  beforeAll(() => ensureWebBuild());
  const { ctx, admin } = withStudio(
    engine,
    { admin: ["admin", "Control Admin"] },
    { web: "build" },
  );

  /**
   * Every operation of the OpenAPI document but the catch-alls (unknown API paths, and the pages'
   * `{*}`, which the page test covers), with its query names.
   */
  async function operations(): Promise<Operation[]> {
    await ctx.app.ready();
    const doc = ctx.app.swagger() as {
      paths: Record<string, Record<string, { parameters?: { in: string; name: string }[] }>>;
    };
    return Object.entries(doc.paths)
      .filter(([path]) => path !== "/api/{*}" && path !== "{*}")
      .flatMap(([path, ops]) =>
        Object.entries(ops).map(([method, op]) => ({
          method: method.toUpperCase(),
          path,
          query: (op.parameters ?? []).filter((p) => p.in === "query").map((p) => p.name),
        })),
      );
  }

  const refused = (label: string, res: Parameters<typeof injected>[0], path: string[]) => {
    const answer = injected(res);
    expect(`${label}: ${answer.status}`).toBe(`${label}: 400`);
    expectErrorBody(answer, 400, "ValidationError", `${path.join(".")}: ${MESSAGE}`, {
      errors: [{ path, message: MESSAGE }],
    });
  };

  it("refuses one in a path parameter or query value on every route, anonymous and signed in", async () => {
    const ops = await operations();
    expect(ops.length).toBeGreaterThan(60);
    for (const who of [{}, admin.auth]) {
      for (const op of ops) {
        if (op.method === "HEAD") continue;
        const param = op.path.match(/\{([^}]+)\}/)?.[1];
        if (param) {
          const url = op.path.replace(/\{[^}]+\}/g, "a%00b");
          const res = await ctx.inject({ method: op.method as "GET", url, headers: who });
          refused(`${op.method} ${url}`, res, ["params", param]);
        }
        for (const name of op.query) {
          const url = `${op.path.replace(/\{[^}]+\}/g, "1")}?${encodeURIComponent(name)}=x%00y`;
          const res = await ctx.inject({ method: op.method as "GET", url, headers: who });
          refused(`${op.method} ${url}`, res, ["query", name]);
        }
      }
    }
  });

  it("refuses one in any string of a JSON body, signed in, before the route reads it", async () => {
    const ops = (await operations()).filter((op) => !["GET", "HEAD"].includes(op.method));
    for (const op of ops.filter((o) => o.path !== "/api/upload")) {
      const url = op.path.replace(/\{[^}]+\}/g, "1");
      const payload = { data: { content: "first line\n\u0000 hidden" } };
      const res = await ctx.inject({
        method: op.method as "POST",
        url,
        headers: admin.auth,
        payload,
      });
      refused(`${op.method} ${url}`, res, ["body", "data", "content"]);
    }
  });

  it("refuses the sign-in of an identifier holding NUL as a bad request", async () => {
    const res = await ctx.inject({
      method: "POST",
      url: "/api/auth/local",
      payload: { identifier: "ada\u0000@example.test", password: "whatever it is" },
    });
    refused("sign-in", res, ["body", "identifier"]);
  });

  it("refuses one in a page's path, and keeps tabs and new lines a reader types", async () => {
    for (const url of ["/p/a%00b", "/newsletter/a%00b", "/categories/a%01b", "/?q=a%7Fb"]) {
      const res = await ctx.inject({ url });
      expect(`${url}: ${res.statusCode}`).toBe(`${url}: 400`);
    }
    const comment = await ctx.inject({
      method: "GET",
      url: "/api/articles?filters[title][$containsi]=a%09b%0Ac",
    });
    expect(comment.statusCode).toBe(200);
  });
});

// The pages' Content Security Policy (OWASP CSP Cheat Sheet, strict nonce policy): a nonce derived
// from the page in its header and on every script of its raw HTML, the directives, the Google
// tag's hosts only when configured, helmet's default policy on the API, and the response cache
// serving a page with the header it was rendered with. The built web app (apps/web/build, built
// first when missing) on each database engine, through app.inject.
import { brotliDecompressSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type App, buildApp } from "../app.ts";
import type { Db } from "../db/client.ts";
import { engines, freshDb, testConfig } from "../testing/db.ts";
import { insertArticle, registerMember } from "../testing/fixtures.ts";
import { ensureWebBuild } from "../testing/web-build.ts";

const PAGES = ["/", "/p/first-article", "/about", "/login"];
const GA_ID = "G-CSPTEST42";

/** A policy header as directive name -> its sources, in order. */
function directives(header: string | undefined): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const part of (header ?? "").split(";")) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name) out.set(name, sources);
  }
  return out;
}

/** The nonce of a policy's script-src ('nonce-…'). */
function nonceOf(policy: Map<string, string[]>): string {
  const source = policy.get("script-src")?.find((s) => s.startsWith("'nonce-"));
  if (!source) throw new Error(`no nonce in script-src ${policy.get("script-src")?.join(" ")}`);
  return source.slice("'nonce-".length, -1);
}

/**
 * The attributes of every `<script>` and `<link rel=modulepreload>` start tag. React writes every
 * attribute double-quoted with `<`, `>` and `"` escaped, so a start tag ends at the first `>`.
 */
function tags(html: string, pattern: RegExp): Record<string, string>[] {
  return [...html.matchAll(pattern)].map((m) =>
    Object.fromEntries(
      [...(m[1] ?? "").matchAll(/([\w-]+)(?:="([^"]*)")?/g)].map((a) => [a[1], a[2] ?? ""]),
    ),
  );
}

/** Scripts the browser runs (not data blocks such as JSON-LD). */
function executableScripts(html: string) {
  return tags(html, /<script\b([^>]*)>/g).filter(
    (a) => !a.type || a.type === "module" || a.type === "text/javascript",
  );
}

/** Every executable script and module preload carries exactly this nonce. */
function expectNonceEverywhere(html: string, nonce: string, where: string) {
  const scripts = executableScripts(html);
  expect(scripts.length, `scripts of ${where}`).toBeGreaterThan(1);
  for (const script of scripts)
    expect(script.nonce, `${where}: ${JSON.stringify(script)}`).toBe(nonce);
  for (const link of tags(html, /<link\b([^>]*rel="modulepreload"[^>]*)>/g)) {
    expect(link.nonce, `${where}: ${link.href}`).toBe(nonce);
  }
}

describe.each(engines)("content security policy on %s", (engine) => {
  let db: Db;
  let app: App;
  let withTag: App;

  beforeAll(async () => {
    ensureWebBuild(); // the pages come from the production build
    db = await freshDb(engine);
    const config = { PUBLIC_URL: "https://pragmatist.example", RESPONSE_CACHE_SECONDS: "60" };
    app = await buildApp(testConfig(config), { db, web: "build", logger: false });
    withTag = await buildApp(testConfig({ ...config, GA_MEASUREMENT_ID: GA_ID }), {
      db,
      web: "build",
      logger: false,
    });
    await insertArticle(db, { slug: "first-article" });
  });
  afterAll(async () => {
    await app?.close();
    await withTag?.close();
    await db?.close();
  });

  it("gives every page a strict policy whose nonce is on each of its scripts", async () => {
    for (const url of PAGES) {
      const res = await app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      const policy = directives(res.headers["content-security-policy"] as string);
      const nonce = nonceOf(policy);
      // 128 bits (OWASP: at least 128 bits no one can guess) of an HMAC keyed by the secret, base64.
      expect(Buffer.from(nonce, "base64")).toHaveLength(16);
      expect(Object.fromEntries(policy)).toEqual({
        "default-src": ["'self'"],
        "script-src": ["'self'", `'nonce-${nonce}'`, "'strict-dynamic'"],
        "style-src": ["'self'", "'unsafe-inline'"],
        "img-src": ["'self'", "data:", "blob:", "https:"],
        "connect-src": ["'self'"],
        "font-src": ["'self'"],
        "object-src": ["'none'"],
        "base-uri": ["'self'"],
        "frame-ancestors": ["'none'"],
        "form-action": ["'self'"],
      });
      expectNonceEverywhere(res.body, nonce, url);
    }
  });

  it("derives the nonce from the page: the same page is the same bytes for every reader", async () => {
    const first = await registerMember((o) => app.inject(o));
    const second = await registerMember((o) => app.inject(o), { username: "SecondReader" });
    const readers = [{}, first.auth, second.auth, { cookie: "pragmatist_member=1" }];
    const pages = [];
    for (const headers of readers) {
      app.responseCache.clear(); // rendered anew for each reader
      const res = await app.inject({ url: "/p/first-article", headers });
      expect(res.headers["x-cache"]).toBe("MISS");
      pages.push(res);
    }
    const nonce = nonceOf(directives(pages[0]?.headers["content-security-policy"] as string));
    expect(Buffer.from(nonce, "base64")).toHaveLength(16);
    expectNonceEverywhere(pages[0]?.body ?? "", nonce, "/p/first-article");
    for (const page of pages) {
      expect(page.body).toBe(pages[0]?.body);
      expect(page.headers.etag).toBe(pages[0]?.headers.etag);
      expect(page.headers["content-security-policy"]).toBe(
        pages[0]?.headers["content-security-policy"],
      );
    }
    // Another page, or the same page once its text changed, has another nonce.
    const about = await app.inject({ url: "/about" });
    expect(nonceOf(directives(about.headers["content-security-policy"] as string))).not.toBe(nonce);
    await db.kysely
      .updateTable("articles")
      .set({ title: "First article, revised" })
      .where("slug", "=", "first-article")
      .execute();
    app.responseCache.clear();
    const revised = await app.inject({ url: "/p/first-article" });
    const revisedNonce = nonceOf(directives(revised.headers["content-security-policy"] as string));
    expect(revisedNonce).not.toBe(nonce);
    expectNonceEverywhere(revised.body, revisedNonce, "revised article");
  });

  it("gives the same page the same bytes in every process of a fleet (one secret)", async () => {
    // Another process: its own app on the same database and settings (docs/deploy, decision 008).
    const config = { PUBLIC_URL: "https://pragmatist.example", RESPONSE_CACHE_SECONDS: "60" };
    const twin = await buildApp(testConfig(config), { db, web: "build", logger: false });
    try {
      app.responseCache.clear();
      const [here, there] = [await app.inject("/about"), await twin.inject("/about")];
      expect(there.body).toBe(here.body);
      expect(there.headers.etag).toBe(here.headers.etag);
      expect(there.headers["content-security-policy"]).toBe(
        here.headers["content-security-policy"],
      );
    } finally {
      await twin.close();
    }
  });

  it("serves a cached page with the policy it was rendered with, per content coding", async () => {
    const get = (encoding?: string) =>
      app.inject({
        url: "/p/first-article",
        headers: encoding ? { "accept-encoding": encoding } : {},
      });
    const html = (res: Awaited<ReturnType<typeof get>>) =>
      res.headers["content-encoding"] === "br"
        ? brotliDecompressSync(res.rawPayload).toString()
        : res.body;

    const first = await get("gzip, deflate, br, zstd");
    expect(first.headers["content-encoding"]).toBe("br");
    expect(first.headers.vary).toMatch(/accept-encoding/i);
    const again = await get("gzip, deflate, br, zstd");
    expect(again.headers["x-cache"]).toBe("HIT");
    expect(again.headers["content-security-policy"]).toBe(first.headers["content-security-policy"]);
    expect(again.rawPayload.equals(first.rawPayload)).toBe(true);
    expectNonceEverywhere(
      html(again),
      nonceOf(directives(again.headers["content-security-policy"] as string)),
      "cached page",
    );

    // A client without Brotli gets its own rendering, never the Brotli copy.
    const refused = await get("br;q=0, gzip");
    expect(refused.headers["content-encoding"]).toBe("gzip");
    const plain = await get();
    expect(plain.headers["content-encoding"]).toBeUndefined();
    const plainNonce = nonceOf(directives(plain.headers["content-security-policy"] as string));
    expectNonceEverywhere(plain.body, plainNonce, "plain page");
  });

  it("admits the Google tag by nonce and lets it report only when GA_MEASUREMENT_ID is set", async () => {
    const res = await withTag.inject({ url: "/about" });
    const policy = directives(res.headers["content-security-policy"] as string);
    const nonce = nonceOf(policy);
    expect(policy.get("script-src")).toEqual([
      "'self'",
      `'nonce-${nonce}'`,
      "'strict-dynamic'",
      "https://www.googletagmanager.com",
    ]);
    expect(policy.get("connect-src")).toEqual([
      "'self'",
      "https://*.google-analytics.com",
      "https://*.analytics.google.com",
      "https://*.googletagmanager.com",
    ]);
    const scripts = executableScripts(res.body);
    expect(scripts.some((s) => s.src?.startsWith("https://www.googletagmanager.com/gtag/js"))).toBe(
      true,
    );
    expect(res.body).toContain(`gtag("config","${GA_ID}")`);
    expectNonceEverywhere(res.body, nonce, "/about with the Google tag");
  });

  it("keeps helmet's default policy, without a nonce, on the API", async () => {
    const res = await app.inject({ url: "/api/articles" });
    expect(res.statusCode).toBe(200);
    const policy = directives(res.headers["content-security-policy"] as string);
    expect(policy.get("script-src")).toEqual(["'self'"]);
    expect(policy.get("default-src")).toEqual(["'self'"]);
    expect(policy.get("object-src")).toEqual(["'none'"]);
  });
});

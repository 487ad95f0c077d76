// The provider's and CoinGecko's keys stay on the server (OWASP LLM02/secrets exposure):
// neither the built client bundle nor anything a browser can load carries them.
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RunningApp, startApp } from "./harness.ts";

const LLM_KEY = "sk-canary-llm-7f3a9c0e1b";
const COINGECKO_KEY = "CG-canary-4d2b8e6f";
const clientDir = path.resolve(import.meta.dirname, "../build/client");

let app: RunningApp;

beforeAll(async () => {
  // The model and CoinGecko are configured on a closed port (the market refresh tries CoinGecko in
  // the background and fails); only pages and assets are loaded.
  app = await startApp({
    LLM_BASE_URL: "http://127.0.0.1:9/v1",
    LLM_API_KEY: LLM_KEY,
    LLM_MODEL: "canary-model",
    COINGECKO_API_KEY: COINGECKO_KEY,
    COINGECKO_BASE_URL: "http://127.0.0.1:9/api/v3",
  });
});
afterAll(async () => {
  await app?.stop();
});

function filesUnder(dir: string): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile())
    .map((e) => path.join(e.parentPath, e.name));
}

describe("keys stay on the server", () => {
  it("the built client bundle names no key and no key variable", () => {
    const scripts = filesUnder(clientDir).filter((f) => /\.(m?js|html|json)$/.test(f));
    expect(scripts.length).toBeGreaterThan(5);
    for (const file of scripts) {
      const text = fs.readFileSync(file, "utf8");
      for (const needle of ["LLM_API_KEY", "COINGECKO_API_KEY", LLM_KEY, COINGECKO_KEY]) {
        expect(text.includes(needle), `${needle} in ${path.relative(clientDir, file)}`).toBe(false);
      }
    }
  });

  it("no page, loader data or script a browser loads carries a key", async () => {
    const seen = new Set<string>();
    const queue = [
      "/assistant",
      "/assistant.data",
      "/",
      "/p/ethereum-staking-withdrawals-explained",
    ];
    while (queue.length) {
      const url = queue.shift()!;
      if (seen.has(url)) continue;
      seen.add(url);
      const res = await fetch(`${app.baseUrl}${url}`);
      const body = await res.text();
      expect(body.includes(LLM_KEY), `LLM key in ${url}`).toBe(false);
      expect(body.includes(COINGECKO_KEY), `CoinGecko key in ${url}`).toBe(false);
      // Follow the scripts and module imports the page references.
      for (const m of body.matchAll(/["'(](\/assets\/[^"')\s]+\.js)/g)) queue.push(m[1]!);
    }
    expect([...seen].filter((u) => u.startsWith("/assets/")).length).toBeGreaterThan(3);
  });
});

// `npm start` caps V8's young generation (docs/scale.md#send-memory): V8 sizes it from the
// machine's memory (two 64 MB semi-spaces on 24 GB), lets it grow to that while the app's modules
// load, and keeps it: a fifth of the newsletter send's peak at 85,000 subscribers.
import { execFileSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { startNodeOptions } from "./testing/start-command.ts";

/** Survivors of many scavenges (what loading a few hundred modules leaves), then the largest new space seen, in MB. */
const GROW = `
const v8 = require("node:v8");
let max = 0;
const kept = [];
for (let i = 0; i < 400000; i++) {
  kept.push({ i, s: "x".repeat(64) + i });
  if (kept.length > 200000) kept.splice(0, 100000);
  if (i % 1000 === 0) {
    const space = v8.getHeapSpaceStatistics().find((s) => s.space_name === "new_space");
    max = Math.max(max, space.space_size);
  }
}
console.log(Math.round(max / 2 ** 20));
`;

describe("the server's Node options", () => {
  // Two 16 MB semi-spaces: 32 MB on a quiet machine; V8 held 35 MB once in a loaded CI run (pages
  // kept beside them during a scavenge). Without the cap it reaches 128 MB on this kind of machine.
  it("keep the young generation within 48 MB however much survives", () => {
    const options = startNodeOptions();
    const out = execFileSync(process.execPath, [...options, "-e", GROW], { encoding: "utf8" });
    const mb = Number(out.trim());
    expect(mb, `largest new space with ${options.join(" ")}: ${out}`).toBeGreaterThan(0);
    expect(mb, `largest new space with ${options.join(" ")}: ${out}`).toBeLessThanOrEqual(48);
  });
});

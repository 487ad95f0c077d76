// Vitest projects: server (unit + API via app.inject, SQLite and PostgreSQL), web (React units and
// components with Testing Library in happy-dom) and e2e (Playwright in Debian's Chromium).
import os from "node:os";
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    // Test files spend much of their time waiting (PostgreSQL, Redis, timers, child processes), so
    // at least two run at once even on two cores (Vitest's default there is one): the server
    // suite takes 382 s instead of 588 s on the CI machine. The browser tests stay one file at a
    // time (fileParallelism below).
    maxWorkers: Math.max(2, os.availableParallelism() - 1),
    projects: [
      {
        test: {
          name: "server",
          include: ["apps/server/src/**/*.test.ts", "packages/contracts/src/**/*.test.ts"],
          environment: "node",
          // Limits on hanging, not claims of speed: a test that starts `npm run` or the server in
          // a child process, or mails 1,000 subscribers over SMTP, took over 20 s with the load
          // average at 12 on two cores (a second suite and builds beside it).
          testTimeout: 90_000,
          hookTimeout: 90_000,
        },
      },
      {
        test: {
          name: "web",
          include: ["apps/web/app/**/*.test.{ts,tsx}"],
          environment: "happy-dom",
          setupFiles: ["apps/web/test/setup.ts"],
          testTimeout: 20_000,
        },
      },
      {
        test: {
          name: "e2e",
          include: ["apps/web/e2e/**/*.test.ts"],
          environment: "node",
          // A browser waits for hydration, network and Max's streamed answers: on a 2-core machine
          // under load (stress-ng beside the tests) a journey took over 60 s and an answer over
          // 20 s, so a journey may take 3 minutes and `expect.poll` waits up to 30 s (Vitest's
          // default is 1 s). Limits on hanging, not claims of speed (those are `npm run bench`'s).
          testTimeout: 180_000,
          hookTimeout: 180_000,
          expect: { poll: { timeout: 30_000, interval: 100 } },
          fileParallelism: false,
        },
      },
    ],
  },
});

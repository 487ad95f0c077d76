// Vitest projects: server (unit + API via app.inject, SQLite and PostgreSQL) and e2e (Playwright).
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: "server",
          include: [
            "apps/server/src/**/*.test.ts",
            "packages/contracts/src/**/*.test.ts",
            "apps/web/app/**/*.test.ts",
          ],
          environment: "node",
          testTimeout: 20_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: "e2e",
          include: ["apps/web/e2e/**/*.test.ts"],
          environment: "node",
          testTimeout: 60_000,
          hookTimeout: 180_000,
          fileParallelism: false,
        },
      },
    ],
  },
});

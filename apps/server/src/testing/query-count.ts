// A second app over a test's database that counts the queries it runs: for tests that a read costs
// a bounded number of queries whatever the data (N+1 guards).
import type { KyselyPlugin } from "kysely";
import { type App, buildApp } from "../app.ts";
import type { Db } from "../db/client.ts";
import { testConfig } from "./db.ts";

/** The counting app and its measure. The caller closes `app`. */
export interface QueryCountingApp {
  app: App;
  /** Runs `request` on `app` and answers how many queries it ran. */
  measure(request: (app: App) => Promise<unknown>): Promise<number>;
}

/**
 * Builds an app over `db` (the test's own, shared with its main app) whose Kysely instance counts
 * every query answered, through a Kysely plugin.
 */
export async function queryCountingApp(db: Db): Promise<QueryCountingApp> {
  let queries = 0;
  const counter: KyselyPlugin = {
    transformQuery: (args) => args.node,
    transformResult: async (args) => {
      queries += 1;
      return args.result;
    },
  };
  const app = await buildApp(testConfig(), {
    db: { ...db, kysely: db.kysely.withPlugin(counter) },
    logger: false,
  });
  return {
    app,
    async measure(request) {
      queries = 0;
      await request(app);
      return queries;
    },
  };
}

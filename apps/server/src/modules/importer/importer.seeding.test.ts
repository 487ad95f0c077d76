// Demo seeding against a fresh database on each engine: an empty database gets the demo folder,
// one with articles is left alone, and the project's demo folder imports without a skip.
import fs from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createServices } from "../../services.ts";
import { engines, freshDb, testConfig } from "../../testing/db.ts";
import { importFolder, seedDemoContentIfEmpty } from "./importer.service.ts";
import {
  article,
  demoDir,
  makeFixture,
  quiet,
  removeFixtures,
  storage,
} from "./importer.test-fixtures.ts";

afterAll(removeFixtures);

describe.each(engines)("demo seeding on %s", (engine) => {
  it("loads the demo folder into an empty database and does nothing when articles exist", async () => {
    const db = await freshDb(engine);
    try {
      const demo = makeFixture();
      const config = { ...testConfig(), demoContentDir: demo };
      const services = createServices(db, config);
      await seedDemoContentIfEmpty(services, config, quiet);
      const first = await services.articles.findBySlug("first-post");
      expect(first?.attributes).toMatchObject({
        title: "First post",
        excerpt: "The first post links to a page and has code.",
        publishDate: expect.stringMatching(/^2024-03-04T00:00:00(\.000)?Z$/),
      });
      const count = async () =>
        Number(
          (
            await db.kysely
              .selectFrom("articles")
              .select((eb) => eb.fn.countAll().as("n"))
              .executeTakeFirstOrThrow()
          ).n,
        );
      expect(await count()).toBe(2);

      // A later start with more demo files must not touch a database that has articles.
      fs.writeFileSync(
        path.join(demo, "articles/third-post.md"),
        article({
          title: "Third",
          publishDate: "2024-06-01",
          author: '"Test Author"',
          type: "News",
        }),
      );
      await seedDemoContentIfEmpty(services, config, quiet);
      expect(await count()).toBe(2);
    } finally {
      await db.close();
    }
  });

  it.skipIf(!fs.existsSync(demoDir))(
    "imports the project's demo folder without skipping a file",
    async () => {
      const db = await freshDb(engine);
      try {
        const services = createServices(db, testConfig());
        const summary = await importFolder(services, demoDir, { storage, log: quiet });
        expect(summary.skipped).toEqual([]);
        const files = fs
          .readdirSync(path.join(demoDir, "articles"))
          .filter((f) => f.endsWith(".md"));
        expect(summary.created).toBe(files.length);
      } finally {
        await db.close();
      }
    },
  );
});

// Shared setup of the importer's tests: where the real articles are, a small folder in our format,
// the in-memory media storage and the clean-up of temporary folders.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { repoRoot } from "../../config.ts";
import { localMediaStorage } from "../uploads/storage.ts";
import { importFolder, type ImportServices, type ImportSummary } from "./importer.service.ts";

/** The shared ethereum.org and Bitcoin Optech articles, and whether they are there. */
export { hasSharedArticles as hasShared, sharedArticles } from "../../testing/shared-data.ts";
/** The project's demo folder. */
export const demoDir = path.join(repoRoot, "content/demo");
/** The uploads of this test process (the ":memory:" storage, a temporary folder). */
export const storage = localMediaStorage(":memory:");
/** A logger that logs nothing. */
export const quiet = { info() {}, warn() {}, error() {} };

/** An SVG of `w`×`h` pixels filled with one colour. */
export const svg = (w: number, h: number, fill: string): string =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}"><rect width="${w}" height="${h}" fill="${fill}"/></svg>`;

/** A Markdown file: front matter of `fields` (values written as given, YAML), then `body`. */
export function article(
  fields: Record<string, string>,
  body = "Some body text for the article.",
): string {
  const lines = Object.entries(fields).map(([k, v]) => `${k}: ${v}`);
  return `---\n${lines.join("\n")}\n---\n\n${body}\n`;
}

// Temporary folders to remove at the end, the in-memory uploads folder included.
const fixtures: string[] = [storage.root];

/**
 * Imports `files` (file name -> text) from a temporary folder, removed afterwards, into the
 * uploads of this test process. @returns the import's summary.
 */
export async function importFiles(
  services: ImportServices,
  files: Record<string, string>,
): Promise<ImportSummary> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "pragmatist-import-"));
  try {
    for (const [name, text] of Object.entries(files)) fs.writeFileSync(path.join(dir, name), text);
    return await importFolder(services, dir, { storage, log: quiet });
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** Removes every folder `makeFixture` made and the in-memory uploads folder (for `afterAll`). */
export function removeFixtures(): void {
  for (const dir of fixtures) fs.rmSync(dir, { recursive: true, force: true });
}

/**
 * A small folder in our format, removed by `removeFixtures`: one author with an avatar, two
 * articles ("first-post" with its thumbnail, "second-post" whose thumbnail is missing) and a
 * README that is not an article.
 */
export function makeFixture(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "pragmatist-content-"));
  fixtures.push(dir);
  fs.mkdirSync(path.join(dir, "articles"));
  fs.mkdirSync(path.join(dir, "images/articles"), { recursive: true });
  fs.mkdirSync(path.join(dir, "images/authors"), { recursive: true });
  fs.writeFileSync(
    path.join(dir, "authors.json"),
    JSON.stringify([
      {
        username: "Test Author",
        email: "test.author@example.org",
        bio: "Writes tests.",
        avatar: "images/authors/test.svg",
      },
    ]),
  );
  fs.writeFileSync(path.join(dir, "images/authors/test.svg"), svg(64, 64, "#0a0"));
  fs.writeFileSync(path.join(dir, "images/articles/first-post.svg"), svg(600, 315, "#00a"));
  const common = {
    author: '"Test Author"',
    categories: '["DeFi"]',
    tags: '["fees", "Fees"]',
    ecosystems: '["Ethereum"]',
  };
  fs.writeFileSync(
    path.join(dir, "articles/first-post.md"),
    article(
      {
        title: '"First post"',
        subTitle: '"A subtitle"',
        slug: "first-post",
        publishDate: '"2024-03-04"',
        type: "Research",
        thumbnail: "images/articles/first-post.svg",
        ...common,
      },
      "## Why\n\nThe **first** post links to [a page](https://example.org) and has `code`.",
    ),
  );
  fs.writeFileSync(
    path.join(dir, "articles/second-post.md"),
    article({
      title: '"Second post"',
      subTitle: '"Another"',
      slug: "second-post",
      publishDate: "2024-05-06",
      type: "News",
      thumbnail: "images/articles/missing.svg",
      ...common,
    }),
  );
  fs.writeFileSync(path.join(dir, "README.md"), "# About this folder\n");
  return dir;
}

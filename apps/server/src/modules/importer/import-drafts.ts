// Step one of an import: find the Markdown files of the folder and read them into drafts.
import fs from "node:fs";
import path from "node:path";
import { type ArticleDraft, isDraftError } from "./article-draft.ts";
import { parseArticleFile } from "./front-matter.ts";
import { displayPath, type FileTracker, type ImportRun } from "./import-run.ts";

/**
 * Markdown files under `folder`, recursively, sorted. Dot folders, node_modules and README
 * files (documentation of the folder, not articles) are left out.
 */
export function listMarkdownFiles(folder: string): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      if (entry.name.startsWith(".") || entry.name === "node_modules") continue;
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.isFile() && /\.mdx?$/i.test(entry.name) && !/^readme\.md$/i.test(entry.name)) {
        out.push(full);
      }
    }
  };
  walk(folder);
  return out.sort();
}

/**
 * Reads and parses `files` in order into drafts (see `parseArticleFile`). A file that cannot be
 * read, does not parse, or reuses the slug of an earlier file is skipped with the reason.
 */
export function readDrafts(run: ImportRun, tracker: FileTracker, files: string[]): ArticleDraft[] {
  const drafts: ArticleDraft[] = [];
  const slugOwner = new Map<string, string>();
  for (const file of files) {
    let raw: string;
    try {
      raw = fs.readFileSync(file, "utf8");
    } catch (err) {
      tracker.skip(file, `cannot read: ${(err as Error).message}`);
      continue;
    }
    const draft = parseArticleFile(file, raw, run.root);
    if (isDraftError(draft)) {
      tracker.skip(file, draft.reason);
      continue;
    }
    const owner = slugOwner.get(draft.slug);
    if (owner) {
      tracker.skip(
        file,
        `duplicate slug "${draft.slug}" (also in ${displayPath(run.root, owner)})`,
      );
      continue;
    }
    slugOwner.set(draft.slug, file);
    drafts.push(draft);
  }
  return drafts;
}

// Every pointer into the docs resolves (docs/product.md "Citing this document"): a code comment's
// `docs/….md#anchor`, the anchors it adds after it (`docs/product/reader.md#comments, #comment-thread`)
// and every relative link in the docs and README lead to a file that exists and, when they name
// one, to an anchor it holds: an explicit `<a id>` or the GitHub slug of a heading.
import fs from "node:fs";
import path from "node:path";
import GithubSlugger from "github-slugger";
import { describe, expect, it } from "vitest";
import { repoRoot } from "./config.ts";

const SOURCE_DIRS = ["apps", "packages", "bench", "docs"];
const ROOT_FILES = ["README.md", ".env.example", ".dependency-cruiser.cjs", "eslint.config.js"];
const SKIPPED_DIRS = new Set(["node_modules", "build", "dist", "results", ".react-router"]);
const TEXT_FILE = /\.(ts|tsx|mts|mjs|cjs|js|css|md)$/;

/** Every text file under the source folders, and the root's, relative to the repository. */
function sourceFiles(): string[] {
  const files = [...ROOT_FILES];
  const walk = (dir: string): void => {
    for (const entry of fs.readdirSync(path.join(repoRoot, dir), { withFileTypes: true })) {
      const rel = path.posix.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (!entry.name.startsWith(".") && !SKIPPED_DIRS.has(entry.name)) walk(rel);
      } else if (TEXT_FILE.test(entry.name)) files.push(rel);
    }
  };
  for (const dir of SOURCE_DIRS) walk(dir);
  return files;
}

/** The text a heading shows (GitHub slugs what it renders: no code marks, links as their words). */
function headingText(markdown: string): string {
  return markdown
    .replace(/\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/[`*]/g, "")
    .trim();
}

const anchorCache = new Map<string, Set<string>>();

/** The anchors of a Markdown file: its explicit ids and its headings' GitHub slugs. */
function anchorsOf(file: string): Set<string> {
  const known = anchorCache.get(file);
  if (known) return known;
  const anchors = new Set<string>();
  const slugger = new GithubSlugger();
  let fenced = false;
  for (const line of fs.readFileSync(path.join(repoRoot, file), "utf8").split("\n")) {
    if (line.startsWith("```")) fenced = !fenced;
    if (fenced) continue;
    for (const m of line.matchAll(/<a\s+(?:id|name)="([^"]+)"/g)) anchors.add(m[1]!);
    const heading = /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (heading) anchors.add(slugger.slug(headingText(heading[1]!)));
  }
  anchorCache.set(file, anchors);
  return anchors;
}

interface Pointer {
  from: string;
  line: number;
  /** The file pointed at, relative to the repository. */
  file: string;
  anchor: string | undefined;
}

const lineOf = (text: string, index: number): number => text.slice(0, index).split("\n").length;

// A citation in prose or a comment: `docs/<path>.md`, an optional `#anchor`, and further anchors
// of the same file after it (", #a", "; #b", " and #c", also across a comment's line break).
const CITATION = /(?<![\w./-])(docs\/[\w./-]+?\.md)(#[\w-]+)?/g;
const MORE_ANCHORS = /^(?:(?:,|;|,? and)(?:[ \t]+|[ \t]*\n[ \t]*(?:\/\/|\*)[ \t]*)#([\w-]+))/;

/** The `docs/….md#anchor` citations of one file, each further anchor a pointer of its own. */
function citations(from: string, text: string): Pointer[] {
  const found: Pointer[] = [];
  for (const m of text.matchAll(CITATION)) {
    const file = m[1]!;
    const line = lineOf(text, m.index);
    found.push({ from, line, file, anchor: m[2]?.slice(1) });
    if (!m[2]) continue;
    let rest = text.slice(m.index + m[0].length);
    for (let more = MORE_ANCHORS.exec(rest); more; more = MORE_ANCHORS.exec(rest)) {
      found.push({ from, line, file, anchor: more[1] });
      rest = rest.slice(more[0].length);
    }
  }
  return found;
}

/** The relative links of a Markdown file (`[text](target)`), resolved against its folder. */
function markdownLinks(from: string, text: string): Pointer[] {
  const found: Pointer[] = [];
  let fenced = false;
  // What an HTML comment holds is not rendered (the decision template's placeholders).
  const rendered = text.replace(/<!--[\s\S]*?-->/g, (c) => c.replace(/[^\n]/g, ""));
  rendered.split("\n").forEach((line, i) => {
    if (line.startsWith("```")) fenced = !fenced;
    if (fenced) return;
    for (const m of line.replace(/`[^`]*`/g, "").matchAll(/\]\(([^)\s]+)\)/g)) {
      const target = m[1]!;
      if (/^[a-z]+:/i.test(target) || target.startsWith("/")) continue;
      const [file, anchor] = target.split("#") as [string, string | undefined];
      const resolved = file
        ? path.posix.normalize(path.posix.join(path.posix.dirname(from), file))
        : from;
      found.push({ from, line: i + 1, file: resolved, anchor });
    }
  });
  return found;
}

/** What is wrong with a pointer, or null when it leads somewhere. */
function fault(p: Pointer): string | null {
  const target = path.join(repoRoot, p.file);
  if (!fs.existsSync(target)) return `${p.file} does not exist`;
  if (p.anchor === undefined || !p.file.endsWith(".md")) return null;
  return anchorsOf(p.file).has(p.anchor) ? null : `${p.file} has no anchor #${p.anchor}`;
}

describe("pointers into the docs", () => {
  const files = sourceFiles();
  const pointers = files.flatMap((from) => {
    const text = fs.readFileSync(path.join(repoRoot, from), "utf8");
    return from.endsWith(".md")
      ? [...citations(from, text), ...markdownLinks(from, text)]
      : citations(from, text);
  });

  it("finds the citations it checks", () => {
    expect(pointers.filter((p) => p.file.startsWith("docs/product/")).length).toBeGreaterThan(300);
  });

  it("leads every citation and link to a file and an anchor that exist", () => {
    const broken = pointers.flatMap((p) => {
      const why = fault(p);
      return why ? [`${p.from}:${p.line}: ${why}`] : [];
    });
    expect(broken).toEqual([]);
  });
});

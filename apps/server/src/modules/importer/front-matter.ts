// Reads one Markdown file's front matter and hands the file to the adapter of its source (our
// demo format, ethereum.org explainers, Bitcoin Optech newsletters), which makes the draft.
import path from "node:path";
import matter from "gray-matter";
import { type ArticleDraft, type DraftError, type SourceKind, textField } from "./article-draft.ts";
import { collapseWhitespace as collapse } from "./normalise/markdown-text.ts";
import { isOptechNewsletter, optechNewsletterDraft } from "./sources/bitcoin-optech.ts";
import { ethereumOrgDraft, isEthereumOrgPage } from "./sources/ethereum-org.ts";
import { nativeDraft } from "./sources/native.ts";
import type { SourceFile } from "./sources/source-file.ts";

/**
 * Which source a file is from: ours when it has `publishDate` or `author`, else an Optech
 * newsletter or an ethereum.org page when it looks like one, else ours.
 */
function detectSource(file: string, data: Record<string, unknown>): SourceKind {
  if (data.publishDate !== undefined || data.author !== undefined) return "native";
  if (isOptechNewsletter(file, data)) return "bitcoin-optech";
  if (isEthereumOrgPage(file, data)) return "ethereum-org";
  return "native";
}

/**
 * Reads one Markdown file (text already loaded) into an article draft.
 * - Our format (content/demo): front matter title, subTitle, slug, publishDate (YYYY-MM-DD),
 *   author (a username), type (contracts `articleTypes`), categories, tags, ecosystems, thumbnail.
 * - ethereum.org explainers (Research): URL and date from the file map, subtitle from
 *   `description` (or the first paragraph), summary points as a list at the top.
 * - Bitcoin Optech newsletters (type Newsletter): date from the file name, subtitle from the first
 *   sentence(s) of the introduction.
 * `root` is the imported folder: relative thumbnail paths resolve against it, then the file.
 * @returns a draft, or an error with the reason (no title, bad date, unparsable front matter,
 *   unknown type, empty body). Never throws for bad input.
 */
export function parseArticleFile(
  file: string,
  raw: string,
  root: string,
): ArticleDraft | DraftError {
  let parsed: matter.GrayMatterFile<string>;
  try {
    // Passing options turns gray-matter's cache (keyed by the whole text) off.
    parsed = matter(raw, {});
  } catch (err) {
    const detail = err instanceof Error ? err.message.split("\n")[0] : String(err);
    return { file, reason: `front matter does not parse: ${detail}` };
  }
  const data = (parsed.data ?? {}) as Record<string, unknown>;
  const title = collapse(textField(data.title));
  if (!title) return { file, reason: "no title in the front matter" };
  if (!parsed.content.trim()) return { file, reason: "empty body" };
  const base = path.basename(file).replace(/\.mdx?$/i, "");
  const src: SourceFile = { file, root, base, title, data, body: parsed.content };
  switch (detectSource(file, data)) {
    case "bitcoin-optech":
      return optechNewsletterDraft(src);
    case "ethereum-org":
      return ethereumOrgDraft(src);
    default:
      return nativeDraft(src);
  }
}

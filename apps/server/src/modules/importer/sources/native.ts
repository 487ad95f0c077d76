// Our own article format (content/demo): every field in the front matter, Markdown as written.
import { articleTypes } from "@pragmatist/contracts";
import path from "node:path";
import { firstParagraph, firstSentences } from "../../../text/excerpts.ts";
import {
  type ArticleDraft,
  type DraftError,
  listField,
  parsePublishDate,
  slugify,
  textField,
  type ThumbnailPlan,
  uniqueBySlug,
} from "../article-draft.ts";
import { collapseWhitespace as collapse } from "../normalise/markdown-text.ts";
import type { SourceFile } from "./source-file.ts";

const SLUG_RE = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/**
 * The thumbnail of a native file: a relative `thumbnail` path is looked for against the imported
 * folder, then the file's folder; without one (or with a URL or absolute path) we draw one.
 */
function thumbnailPlan(src: SourceFile): ThumbnailPlan {
  const thumb = textField(src.data.thumbnail);
  if (thumb && !/^[a-z]+:/i.test(thumb) && !path.isAbsolute(thumb)) {
    return {
      kind: "file",
      paths: [path.resolve(src.root, thumb), path.resolve(path.dirname(src.file), thumb)],
    };
  }
  return { kind: "generated", sourceName: "Pragmatist" };
}

/**
 * A file of our own format as a draft: front matter title, subTitle (else the first sentences),
 * slug (else from the file name), publishDate (YYYY-MM-DD), author (a username), type ("Research"
 * | "News" | "Newsletter" | "Market Report"), categories, tags, ecosystems (deduplicated by slug) and thumbnail; no credit.
 * @returns an error for a bad or missing publishDate, an unknown type, no author or no usable slug.
 */
export function nativeDraft(src: SourceFile): ArticleDraft | DraftError {
  const { file, data } = src;
  const publishDate = parsePublishDate(data.publishDate);
  if (!publishDate) {
    return {
      file,
      reason: `bad or missing publishDate ${JSON.stringify(data.publishDate ?? null)} (expected YYYY-MM-DD)`,
    };
  }
  const type = articleTypes.find((t) => t === textField(data.type));
  if (!type) {
    const names = articleTypes.map((t) => `"${t}"`).join(", ");
    return {
      file,
      reason: `type must be one of ${names}, got ${JSON.stringify(data.type ?? null)}`,
    };
  }
  const author = collapse(textField(data.author));
  if (!author) return { file, reason: "no author in the front matter" };
  const slugField = textField(data.slug);
  const slug = SLUG_RE.test(slugField) ? slugField : slugify(slugField || src.base);
  if (!slug) return { file, reason: "no usable slug" };
  const content = src.body.replace(/\r\n?/g, "\n").trim();
  return {
    file,
    source: "native",
    slug,
    title: src.title,
    subTitle: collapse(textField(data.subTitle)) || firstSentences(firstParagraph(content)),
    publishDate,
    type: type as ArticleDraft["type"],
    authorUsername: author,
    sourceAuthor: null,
    categories: uniqueBySlug(listField(data.categories)),
    tags: uniqueBySlug(listField(data.tags)),
    ecosystems: uniqueBySlug(listField(data.ecosystems)),
    content,
    thumbnail: thumbnailPlan(src),
    credit: null,
  };
}

// The article draft every source adapter makes of a Markdown file, its errors, publish dates and
// the front-matter value readers the adapters share.
import { type ArticleType, slugify } from "@pragmatist/contracts";

/** Where an article came from, shown as a credit on the article page (issue: "credits the source"). */
export interface SourceCredit {
  name: string;
  url: string;
  licence: string;
}

/** Which family of files a draft was read from: decides the defaults and the normalisation. */
export type SourceKind = "native" | "ethereum-org" | "bitcoin-optech";

/**
 * How to get a thumbnail: an image file next to the content, or one we draw ourselves with the
 * source's name (its label is the card's, docs/product/reader.md#article-card).
 */
export type ThumbnailPlan =
  { kind: "file"; paths: string[] } | { kind: "generated"; sourceName: string };

/** One article read from a file, ready to be written (all text already normalised). */
export interface ArticleDraft {
  file: string;
  source: SourceKind;
  slug: string;
  title: string;
  subTitle: string;
  /** ISO 8601 timestamp at UTC midnight of the publish day. */
  publishDate: string;
  /** One of contracts `articleTypes`: also the card label when it is one (`articleLabel`). */
  type: ArticleType;
  /** Username of an author from `authors.json` (native files). */
  authorUsername: string | null;
  /** The per-source author created without email or password (imported files). */
  sourceAuthor: string | null;
  categories: string[];
  tags: string[];
  ecosystems: string[];
  /** Markdown. */
  content: string;
  thumbnail: ThumbnailPlan;
  credit: SourceCredit | null;
}

/** A file that cannot become an article, with a reason a person can act on. */
export interface DraftError {
  file: string;
  reason: string;
}

/** Narrows a parse result. */
export function isDraftError(x: ArticleDraft | DraftError): x is DraftError {
  return "reason" in x;
}

/** The importer's slugs follow the one slug rule of contracts (`slugify`, shared with the studio). */
export { slugify };

const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * Parses "YYYY-MM-DD" (or a YAML date) into an ISO timestamp at UTC midnight.
 * @returns null for anything that is not a real calendar date (2026-02-30 included).
 */
export function parsePublishDate(value: unknown): string | null {
  let text: string;
  if (value instanceof Date) {
    if (Number.isNaN(value.getTime())) return null;
    text = value.toISOString().slice(0, 10);
  } else if (typeof value === "string") {
    text = value.trim();
  } else {
    return null;
  }
  const m = DATE_RE.exec(text);
  if (!m) return null;
  const date = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  if (Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== text) return null;
  return date.toISOString();
}

/** A front-matter value as trimmed text; "" when it is not a string. */
export const textField = (v: unknown): string => (typeof v === "string" ? v.trim() : "");

/** A front-matter value as a list of trimmed, non-blank strings (one string counts as a list). */
export const listField = (v: unknown): string[] => {
  if (typeof v === "string") return v.trim() ? [v.trim()] : [];
  if (!Array.isArray(v)) return [];
  return v
    .filter((x): x is string => typeof x === "string" && x.trim() !== "")
    .map((x) => x.trim());
};

/** The names whose slug is not blank and not taken by an earlier name ("Fees" after "fees" goes). */
export const uniqueBySlug = (list: string[]): string[] => {
  const seen = new Set<string>();
  return list.filter((x) => {
    const k = slugify(x);
    if (!k || seen.has(k)) return false;
    seen.add(k);
    return true;
  });
};

// The shape of the publication `npm run bench:scale` generates (counts at a scale factor), its
// version hash, and the text it builds articles from: the demo articles' own paragraphs.
import crypto from "node:crypto";
import type { Kysely } from "kysely";
import { migrations } from "../apps/server/src/db/migrations/index.ts";
import type { Database } from "../apps/server/src/db/schema.ts";

/** Bump when the generator writes different rows for the same counts: old databases are ignored. */
const GENERATOR_VERSION = 2;

/** How many of each thing a generated publication holds (on top of the seeded demo library). */
export interface Shape {
  /** Generated articles, published over `years` years up to today, plus the demo's own. */
  articles: number;
  years: number;
  comments: number;
  /** Comments on the one hot article the article-page paths read. */
  hotComments: number;
  members: number;
  subscribers: number;
  /** Page views (sum of `page_views_daily.views`) over the last two years. */
  pageViews: number;
  /** Article likes and bookmarks by the generated members, in all. */
  likes: number;
  bookmarks: number;
  /** Bookmarks of the one member whose /api/viewer is measured. */
  readerBookmarks: number;
}

/**
 * The shape at scale factor `factor` (BENCH_SCALE; 1: 20,000 articles over 8 years, 500,000
 * comments, 100,000 members and subscribers, 5 million page views); every count is scaled.
 */
export function scaleShape(factor: number): Shape {
  const n = (count: number) => Math.max(1, Math.round(count * factor));
  return {
    articles: n(20_000),
    years: 8,
    comments: n(500_000),
    hotComments: n(2_000),
    members: n(100_000),
    subscribers: n(100_000),
    pageViews: n(5_000_000),
    likes: n(400_000),
    bookmarks: n(150_000),
    readerBookmarks: n(5_000),
  };
}

/**
 * The demo-size publication the scale figures are compared with: the seeded demo library with a
 * handful of members, subscribers, comments and views, so every measured path has something to
 * read (the hot article gets 20 comments; the reader bookmarks every article).
 */
export const demoShape: Shape = {
  articles: 0,
  years: 8,
  comments: 200,
  hotComments: 20,
  members: 100,
  subscribers: 100,
  pageViews: 50_000,
  likes: 300,
  bookmarks: 100,
  readerBookmarks: 5_000,
};

/**
 * A short hash of the generator's version, the shape and the app's migrations: the name suffix of
 * a generated database, so a changed generator or schema makes a new one instead of reusing a
 * stale one.
 */
export function shapeHash(shape: Shape): string {
  const key = JSON.stringify({ v: GENERATOR_VERSION, shape, migrations: Object.keys(migrations) });
  return crypto.createHash("sha256").update(key).digest("hex").slice(0, 10);
}

/** What generated articles are made of: the seeded demo library's text, terms and people. */
export interface Corpus {
  /** Paragraphs (and headings) of the demo articles' Markdown, in no particular order. */
  paragraphs: string[];
  titles: { title: string; subTitle: string }[];
  /** Term ids by kind (type, category, tag, ecosystem). */
  terms: Record<string, number[]>;
  /** The "Research" type's term id (most articles are research). */
  research: number;
  /** Sentences of the demo paragraphs (comments are made of them). */
  sentences: string[];
  /** The demo authors' user ids and the demo thumbnails' media ids. */
  authors: number[];
  thumbnails: number[];
}

/** Reads the corpus from a database the app has seeded with its demo content. */
export async function loadCorpus(db: Kysely<Database>): Promise<Corpus> {
  const articles = await db
    .selectFrom("articles")
    .select(["title", "sub_title", "content", "author_id", "thumbnail_id"])
    .execute();
  const terms = await db.selectFrom("terms").select(["id", "kind", "name"]).execute();
  const paragraphs = articles.flatMap((a) =>
    a.content
      .split(/\n{2,}/)
      .map((p) => p.trim())
      .filter((p) => p.length > 0),
  );
  const byKind: Record<string, number[]> = {};
  for (const t of terms) (byKind[t.kind] ??= []).push(t.id);
  const distinct = (xs: (number | null)[]) => [...new Set(xs.filter((x) => x !== null))];
  return {
    paragraphs,
    titles: articles.map((a) => ({ title: a.title, subTitle: a.sub_title })),
    terms: byKind,
    research: terms.find((t) => t.kind === "type" && t.name === "Research")?.id ?? 0,
    sentences: paragraphs
      .filter((p) => !/^[#|>\-\d]/.test(p))
      .flatMap((p) => p.split(/(?<=[.!?])\s+/))
      .filter((s) => s.length > 20 && s.length < 300),
    authors: distinct(articles.map((a) => a.author_id)),
    thumbnails: distinct(articles.map((a) => a.thumbnail_id)),
  };
}

/** One of `xs`, uniformly. */
export function pick<T>(rand: () => number, xs: readonly T[]): T {
  const x = xs[Math.floor(rand() * xs.length)];
  if (x === undefined) throw new Error("pick from an empty list");
  return x;
}

const TITLE_ANGLES = [
  "a second look",
  "what changed",
  "the numbers",
  "a field guide",
  "the open questions",
  "one year on",
  "the risks",
  "a primer",
];

/**
 * Article `i` of the generated archive: a demo title with an angle, and a body of three demo
 * sentences and 6 to 21 demo paragraphs (about 2 to 7 KB; the demo articles average 4 KB), with
 * excerpt and reading time as the
 * importer writes them (the first 200 characters; 200 words a minute).
 */
export function composeArticle(rand: () => number, corpus: Corpus, i: number) {
  const base = pick(rand, corpus.titles);
  const angle = pick(rand, TITLE_ANGLES);
  const title = `${base.title}: ${angle}`;
  const count = 6 + Math.floor(rand() * 16);
  const lead = Array.from({ length: 3 }, () => pick(rand, corpus.sentences));
  const body = Array.from({ length: count }, () => pick(rand, corpus.paragraphs));
  const content = [lead.join(" "), ...body].join("\n\n");
  const plain = lead
    .join(" ")
    .replace(/\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/[*_`]/g, "");
  const words = content.split(/\s+/).length;
  return {
    slug: `${slugOf(base.title)}-${angle.replace(/ /g, "-")}-${i}`,
    title,
    sub_title: base.subTitle,
    content,
    excerpt: plain.length > 200 ? `${plain.slice(0, 200).trimEnd()}…` : plain,
    reading_time_minutes: Math.max(1, Math.round(words / 200)),
  };
}

function slugOf(title: string): string {
  return title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "")
    .slice(0, 60);
}

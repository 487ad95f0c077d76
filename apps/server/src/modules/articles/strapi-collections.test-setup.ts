// The library the Strapi query language tests read: four published articles with authors, terms,
// clicks and dates to filter and sort on, plus a draft and a scheduled article that must never show.
import type { Db } from "../../db/client.ts";
import { insertArticle, insertUser } from "../../testing/fixtures.ts";

/** The clock of these tests: every publish date below but the scheduled one is past. */
export const NOW = new Date("2026-06-01T12:00:00.000Z");

/** The header that asks the public collections for Strapi v4's shape. */
export const V4 = { "strapi-response-format": "v4" };

/** A Strapi entity as the tests read it. */
export type Entity = { id: number; attributes: Record<string, unknown> };

/** What `seedLibrary` made, by name. */
export interface Library {
  maya: number;
  leo: number;
  avatar: number;
  thumbnail: number;
  orderBooks: number;
  rollup: number;
  marketWrap: number;
  staking: number;
  draft: number;
  scheduled: number;
}

async function insertMedia(db: Db, url: string): Promise<number> {
  const row = await db.kysely
    .insertInto("media")
    .values({
      url,
      mime: "image/webp",
      width: 640,
      height: 360,
      size_bytes: 1234,
      alternative_text: `Picture ${url}`,
      created_at: NOW.toISOString(),
      owner_id: null,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * Published, newest first: market-wrap (News, Maya, 9 clicks), order-books (Maya, 50 clicks,
 * a thumbnail), rollup-economics (Leo, 9 clicks), staking_basics (no author, 0 clicks). Never
 * shown: secret-draft (a draft by a member who published nothing else) and from-the-future.
 */
export async function seedLibrary(db: Db): Promise<Library> {
  const maya = await insertUser(db, { username: "Maya Okafor" });
  const leo = await insertUser(db, { username: "Leo Brandt" });
  const hidden = await insertUser(db, { username: "Drafty Writer" });
  const avatar = await insertMedia(db, "/uploads/maya.webp");
  const thumbnail = await insertMedia(db, "/uploads/order-books.webp");
  await db.kysely
    .updateTable("users")
    .set({ profile_picture_id: avatar })
    .where("id", "=", maya)
    .execute();
  const orderBooks = await insertArticle(db, {
    slug: "order-books",
    title: "Order Books & Flow",
    subTitle: "Where 100% of fills happen",
    publishDate: "2025-02-01T00:00:00.000Z",
    authorId: maya,
    clicks: 50,
    categories: ["Market Structure"],
    tags: ["Order Flow"],
    ecosystems: ["BNB Chain"],
  });
  await db.kysely
    .updateTable("articles")
    .set({ thumbnail_id: thumbnail })
    .where("id", "=", orderBooks)
    .execute();
  const rollup = await insertArticle(db, {
    slug: "rollup-economics",
    title: "Rollup Economics",
    publishDate: "2025-01-10T00:00:00.000Z",
    authorId: leo,
    clicks: 9,
    categories: ["Layer 2"],
    tags: ["Scaling"],
    ecosystems: ["Arbitrum One"],
  });
  const marketWrap = await insertArticle(db, {
    slug: "market-wrap",
    title: "Market Wrap: Week 5",
    publishDate: "2025-03-01T00:00:00.000Z",
    authorId: maya,
    clicks: 9,
    type: "News",
    categories: ["Market Structure"],
  });
  const staking = await insertArticle(db, {
    slug: "staking_basics",
    title: "staking basics",
    publishDate: "2024-06-01T00:00:00.000Z",
    categories: ["DeFi"],
  });
  const draft = await insertArticle(db, {
    slug: "secret-draft",
    status: "draft",
    authorId: hidden,
    categories: ["Hidden Category"],
  });
  const scheduled = await insertArticle(db, {
    slug: "from-the-future",
    publishDate: "2099-01-01T00:00:00.000Z",
    authorId: leo,
    categories: ["Future Category"],
    ecosystems: ["Future Chain"],
  });
  return {
    maya,
    leo,
    avatar,
    thumbnail,
    orderBooks,
    rollup,
    marketWrap,
    staking,
    draft,
    scheduled,
  };
}

/**
 * Maya as an article's populated author in Strapi v4's shape, as asked with
 * `populate[author][fields]=username` and her picture populated with its `url`.
 */
export function mayaPopulated(lib: Library) {
  return {
    data: {
      id: lib.maya,
      attributes: {
        username: "Maya Okafor",
        profilePicture: { data: { id: lib.avatar, attributes: { url: "/uploads/maya.webp" } } },
      },
    },
  };
}

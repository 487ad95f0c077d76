// The studio's lists take any page size from 1 up and clamp it to 100, as Strapi v4 clamps
// `pagination[pageSize]` to `api.rest.maxLimit`
// (docs/product/api.md#api-conventions).
import { beforeAll, describe, expect, it } from "vitest";
import { MAX_PAGE_SIZE } from "@pragmatist/contracts";
import { engines } from "../../testing/db.ts";
import { insertUser } from "../../testing/fixtures.ts";
import { get, withStudio } from "../../testing/studio.ts";

const lists = [
  "/api/studio/articles",
  "/api/studio/reports",
  "/api/studio/members",
  "/api/studio/subscribers",
  "/api/studio/audit",
];

type Page = { data: unknown[]; meta: { pagination: { pageSize: number; total: number } } };

describe.each(engines)("studio page sizes on %s", (engine) => {
  const { ctx, admin } = withStudio(engine, { admin: ["admin", "Page Size Admin"] });

  beforeAll(async () => {
    // More members than the largest page.
    for (let i = 0; i < MAX_PAGE_SIZE + 1; i++) await insertUser(ctx.db);
  });

  it.each(lists)("%s?pageSize=999 answers 200 and says pageSize 100", async (url) => {
    const res = await get(ctx, admin, `${url}?pageSize=999`);
    expect(res.statusCode).toBe(200);
    const body = res.json() as Page;
    expect(body.data.length).toBeLessThanOrEqual(MAX_PAGE_SIZE);
    expect(body.meta.pagination.pageSize).toBe(MAX_PAGE_SIZE);
  });

  it("gives a page of 100 members when more are asked for and more exist", async () => {
    const body = (await get(ctx, admin, "/api/studio/members?pageSize=101")).json() as Page;
    expect(body.meta.pagination.total).toBeGreaterThan(MAX_PAGE_SIZE);
    expect(body.data).toHaveLength(MAX_PAGE_SIZE);
  });

  it.each(lists.flatMap((url) => ["0", "-1", "abc"].map((size) => `${url}?pageSize=${size}`)))(
    "still refuses %s with a 400",
    async (url) => {
      const res = await get(ctx, admin, url);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ data: null, error: { status: 400 } });
    },
  );
});

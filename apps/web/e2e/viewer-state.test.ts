// One public render for every reader (docs/decisions/008-one-public-render.md): an
// article is the same bytes for a visitor and for two members; a member's picture, like and
// bookmark state and comment controls arrive after hydration from GET /api/viewer, with no
// "Login" shown on the way and nothing moving (CLS 0); a visitor sends no viewer request.
import os from "node:os";
import path from "node:path";
import type { Browser } from "playwright-core";
import { describe, expect, it } from "vitest";
import {
  firstSlug,
  holdRequests,
  layoutShifts,
  type Member,
  openPage,
  pageSettled,
  recordLayoutShifts,
  type RunningApp,
  signIn,
  signUp,
  signUpVerified,
  viewports,
  withAppAndBrowser,
} from "./harness.ts";

async function articleId(app: RunningApp, slug: string): Promise<number> {
  const res = await fetch(`${app.baseUrl}/api/articles?filters[slug][$eq]=${slug}`);
  return ((await res.json()) as { data: { id: number }[] }).data[0]?.id ?? 0;
}

async function bookmark(app: RunningApp, member: Member, id: number): Promise<void> {
  const res = await fetch(`${app.baseUrl}/api/articles/toggle-bookmark`, {
    method: "POST",
    headers: { authorization: `Bearer ${member.jwt}`, "content-type": "application/json" },
    body: JSON.stringify({ articleId: id }),
  });
  expect(res.status).toBe(200);
}

async function comment(app: RunningApp, member: Member, slug: string, text: string) {
  const res = await fetch(`${app.baseUrl}/api/comment-manager/comments/${slug}`, {
    method: "POST",
    headers: { authorization: `Bearer ${member.jwt}`, "content-type": "application/json" },
    body: JSON.stringify({ content: text }),
  });
  expect(res.status).toBe(201);
}

describe("one public render, personal parts after hydration", () => {
  let app: RunningApp;
  let browser: Browser;
  withAppAndBrowser((started) => ({ app, browser } = started));

  it("sends a visitor and two members the same bytes for an article", async () => {
    const slug = await firstSlug(app);
    const ada = await signUp(app.baseUrl, "Ada Bytes");
    const bob = await signUp(app.baseUrl, "Bob Bytes");
    const get = async (cookie?: string) => {
      const res = await fetch(`${app.baseUrl}/p/${slug}`, { headers: cookie ? { cookie } : {} });
      expect(res.headers.get("cache-control")).toMatch(/^public, /);
      return { body: await res.text(), etag: res.headers.get("etag") };
    };
    const visitor = await get();
    for (const member of [ada, bob]) {
      const page = await get(`pragmatist_session=${member.jwt}; pragmatist_member=1`);
      expect(page.body).toBe(visitor.body);
      expect(page.etag).toBe(visitor.etag);
    }
    expect(visitor.body).not.toContain("Ada Bytes");
  });

  for (const [width, options] of Object.entries(viewports)) {
    it(`shows a member their picture, bookmark and comments after hydration, CLS 0 (${width})`, async () => {
      const slug = await firstSlug(app);
      const member = await signUpVerified(app, `Cleo ${width}`);
      await bookmark(app, member, await articleId(app, slug));
      await comment(app, member, slug, `Cleo's note on ${width}`);
      const { page, problems } = await openPage(browser, options);
      await signIn(page, app.baseUrl, member.jwt);
      await recordLayoutShifts(page, { afterFonts: true });
      // Hold the viewer's answer: what shows before it must already be a member's header. Hold
      // the chunks of the comments and of the member's picture longer: the answer must neither
      // reach the panel before it has hydrated (React would swap its server HTML for the
      // fallback) nor move the header while the blank circle waits for the picture.
      const viewerAnswer = holdRequests(page, "**/api/viewer**");
      const chunks = [
        holdRequests(page, "**/assets/comments-panel-*.js"),
        holdRequests(page, "**/assets/avatar-*.js"),
      ];
      const asked = page.waitForRequest("**/api/viewer**");
      await page.goto(`${app.baseUrl}/p/${slug}`);
      await asked;
      expect(await page.getByRole("link", { name: "Login" }).isVisible()).toBe(false);
      expect(await page.getByRole("link", { name: "Your account" }).first().isVisible()).toBe(true);
      await page.evaluate(
        () => (window as unknown as { fontsSettled: Promise<void> }).fontsSettled,
      );
      (await viewerAnswer)();
      // The answer has reached the page (the bar, hydrated without the held chunks, shows the
      // member's bookmark) before the chunks come.
      const bookmarkButton = page.getByRole("button", { name: /^Bookmark/ });
      await expect.poll(() => bookmarkButton.getAttribute("aria-pressed")).toBe("true");
      for (const release of await Promise.all(chunks)) release();
      await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
      await page
        .getByRole("link", { name: `Your account (Cleo ${width})` })
        .first()
        .waitFor();
      expect(await bookmarkButton.getAttribute("aria-pressed")).toBe("true");
      // Only the reader's own comment offers Edit.
      await page.getByText(`Cleo's note on ${width}`).waitFor();
      await expect
        .poll(() => page.getByRole("button", { name: "Edit", exact: true }).count())
        .toBe(1);
      await pageSettled(page);
      expect(await layoutShifts(page)).toEqual([]);
      expect(problems).toEqual([]);
      await page.screenshot({ path: path.join(os.tmpdir(), `viewer-state-${width}.png`) });
    });
  }

  it("shows a visitor Login at once and asks nothing about them", async () => {
    const slug = await firstSlug(app);
    const { page, problems } = await openPage(browser);
    const asked: string[] = [];
    page.on("request", (r) => {
      if (r.url().includes("/api/viewer")) asked.push(r.url());
    });
    await page.goto(`${app.baseUrl}/p/${slug}`);
    await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
    expect(await page.getByRole("link", { name: "Login" }).isVisible()).toBe(true);
    // The page asks for the viewer, if at all, as it hydrates: a request it makes now is seen
    // after any it made then.
    const marker = page.waitForRequest("**/api/health/live");
    await page.evaluate(() => void fetch("/api/health/live"));
    await marker;
    expect(asked).toEqual([]);
    expect(problems).toEqual([]);
  });
});

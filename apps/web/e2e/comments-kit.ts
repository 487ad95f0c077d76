// What the comment journeys share (docs/product/reader.md#comments): the article they comment on,
// posting through the API, the page's HTML as sent, and the comments section's parts.
import os from "node:os";
import type { Page } from "playwright-core";
import { expect } from "vitest";

/** The demo article the journeys comment on. */
export const ARTICLE = "reading-smart-contract-risk";
/** Where screenshots go: SCREENSHOT_DIR, the system's temporary folder by default. */
export const SCREENSHOTS = process.env.SCREENSHOT_DIR ?? os.tmpdir();

/** Posts a top-level comment as the member holding `jwt`. */
export async function postComment(baseUrl: string, jwt: string, content: string): Promise<number> {
  const res = await fetch(`${baseUrl}/api/comment-manager/comments/${ARTICLE}`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${jwt}` },
    body: JSON.stringify({ content }),
  });
  expect(res.status, await res.clone().text()).toBe(201);
  return ((await res.json()) as { id: number }).id;
}

/** The article page's HTML as the server sends it (no JavaScript runs). */
export async function rawHtml(baseUrl: string, query = ""): Promise<string> {
  const res = await fetch(`${baseUrl}/p/${ARTICLE}${query}`);
  expect(res.status).toBe(200);
  return res.text();
}

/** The comments section of server HTML; fails if React streamed any of it in a hidden segment. */
export function commentsHtml(html: string): string {
  expect(html).not.toMatch(/<div hidden id="S:/);
  const start = html.indexOf('<section id="comments"');
  expect(start).toBeGreaterThan(-1);
  return html.slice(start, html.indexOf("</section>", start));
}

export const section = (page: Page) => page.locator("#comments");
/** The article bar's comment count, as its label says it ("2 comments"). */
export const barCount = (page: Page) =>
  page.locator('a[href="#comments"] [title]').getAttribute("title");
export const composer = (page: Page) => section(page).locator("form textarea").first();
/** Waits until the comments panel is interactive (hydrated). */
export const ready = (page: Page) => section(page).locator("[data-hydrated]").waitFor();
export const byText = (page: Page, text: string) =>
  section(page).getByRole("article").filter({ hasText: text });

/** Clicks "Show more comments" until the discussion's last page is shown. */
export async function showEveryPage(page: Page) {
  const more = section(page).getByRole("link", { name: "Show more comments" });
  const topLevel = section(page).locator("ol[aria-label='Comments'] > li");
  while ((await more.count()) > 0) {
    const before = await topLevel.count();
    await more.click();
    await expect.poll(() => topLevel.count()).toBeGreaterThan(before);
  }
}

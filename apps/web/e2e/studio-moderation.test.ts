// Moderation in headless Chromium (docs/product/studio.md#studio-moderation): an editor sees how
// many comments wait in the studio's tab, dismisses the reports of a fair comment (it stays), hides
// a spam comment (its reports answered as hidden), and readers no longer see it.
import os from "node:os";
import type { Browser } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import {
  api,
  grantRole,
  type Member,
  openPage,
  type RunningApp,
  signIn,
  signUp,
  signUpVerified,
  viewports,
  withAppAndBrowser,
} from "./harness.ts";

const COMMENTED_ARTICLE = "reading-smart-contract-risk";
const MARKER = `moderon${Date.now().toString(36)}`;
const SCREENSHOTS = process.env.SCREENSHOT_DIR ?? os.tmpdir();

const text = async (baseUrl: string, path: string) => (await fetch(`${baseUrl}${path}`)).text();

describe("studio moderation", () => {
  let app: RunningApp;
  let browser: Browser;
  let editor: Member;

  withAppAndBrowser((started) => ({ app, browser } = started));
  beforeAll(async () => {
    editor = await signUp(app.baseUrl, "Eddie Editor");
    await grantRole(app, editor.email, "editor");
  });

  /** A comment by `author` on the commented article, reported by `reporter` with `note`. */
  async function reportedComment(author: Member, reporter: Member, words: string, note: string) {
    const path = `/api/comment-manager/comments/${COMMENTED_ARTICLE}`;
    const posted = await api(app.baseUrl, "POST", path, author.jwt, { content: words });
    expect(posted.status).toBe(201);
    const commentId = ((await posted.json()) as { id: number }).id;
    const reportPath = `/api/comment-manager/comments/${commentId}/report`;
    const body = { reason: "other", note };
    expect((await api(app.baseUrl, "POST", reportPath, reporter.jwt, body)).ok).toBe(true);
  }

  it("answers reports: a fair comment's dismissed and kept, a spam comment hidden from readers", async () => {
    const commenter = await signUpVerified(app, "Cara Commenter");
    const critic = await signUpVerified(app, "Finn Fair");
    const reporter = await signUp(app.baseUrl, "Rae Reporter");
    const words = `Buy ${MARKER} coins now at my site`;
    // Formatted: moderators see it as readers do (docs/product/reader.md#comment-text).
    const fair = `The audit missed ${MARKER} reentrancy, *I think*`;
    await reportedComment(commenter, reporter, words, "Spam link");
    await reportedComment(critic, reporter, fair, "Rude");
    expect(await text(app.baseUrl, `/p/${COMMENTED_ARTICLE}`)).toContain(words);

    const { page, problems } = await openPage(browser, viewports.mobile);
    await signIn(page, app.baseUrl, editor.jwt);
    await page.goto(`${app.baseUrl}/studio/moderation`);
    const studioTabs = page.getByRole("navigation", { name: "Studio" });
    await studioTabs.getByRole("link", { name: "Moderation 2 open reports" }).waitFor();

    const kept = page.getByRole("article", { name: /^Comment by Finn Fair/ });
    expect(await kept.locator("[data-comment-text] em").textContent()).toBe("I think");
    await kept.getByRole("button", { name: "Dismiss" }).click();
    await kept.getByText(/Reports dismissed/).waitFor();
    expect(await kept.getByRole("button", { name: "Resolve" }).count()).toBe(0);
    await studioTabs.getByRole("link", { name: "Moderation 1 open report" }).waitFor();

    const item = page.getByRole("article", { name: /^Comment by Cara Commenter/ });
    await item.getByText(words).waitFor();
    await item.getByText("Other: Spam link").waitFor();
    await item.getByText("1 report").waitFor();
    await item.getByRole("button", { name: "Hide" }).click();
    await item.getByText("Hidden", { exact: true }).waitFor();
    await item.getByRole("button", { name: "Unhide" }).waitFor();
    await item.getByText(/Reports hidden/).waitFor();
    // Every comment of that member, reported or not, from their name.
    await item.getByRole("link", { name: "Cara Commenter" }).click();
    await page.getByText("Comments by Cara Commenter.").waitFor();
    await page.getByRole("link", { name: "All comments", exact: true }).waitFor();
    expect(await page.getByRole("article", { name: /^Comment by Cara Commenter/ }).count()).toBe(1);
    await page.getByRole("link", { name: "Hidden", exact: true }).click();
    await page.getByRole("article", { name: /^Comment by Cara Commenter/ }).waitFor();
    await studioTabs.getByRole("link", { name: "Moderation", exact: true }).waitFor();
    await page.screenshot({ path: `${SCREENSHOTS}/studio-moderation-390.png`, fullPage: true });
    // The fair comment stays for readers.
    expect(await text(app.baseUrl, `/p/${COMMENTED_ARTICLE}`)).toContain(
      `The audit missed ${MARKER} reentrancy, <em>I think</em>`,
    );

    // Signed-in readers at once; anonymous readers once the page cache (5 s) has turned over.
    const reader = await signUp(app.baseUrl, "Rita Reader");
    const signedIn = await api(app.baseUrl, "GET", `/p/${COMMENTED_ARTICLE}`, reader.jwt);
    expect(await signedIn.text()).not.toContain(words);
    await expect
      .poll(() => text(app.baseUrl, `/p/${COMMENTED_ARTICLE}`), { interval: 500 })
      .not.toContain(words);
    const listed = await (
      await fetch(`${app.baseUrl}/api/comment-manager/comments/${COMMENTED_ARTICLE}`)
    ).text();
    expect(listed).not.toContain(words);
    expect(problems).toEqual([]);
  });

  it("lets an editor hide and delete others' comments from the article page", async () => {
    const commenter = await signUpVerified(app, "Pat Poster");
    const path = `/api/comment-manager/comments/${COMMENTED_ARTICLE}`;
    const hideMe = `Off-topic ${MARKER} giveaway link`;
    const deleteMe = `Scam ${MARKER} wallet drainer`;
    for (const content of [hideMe, deleteMe]) {
      expect((await api(app.baseUrl, "POST", path, commenter.jwt, { content })).status).toBe(201);
    }
    const { page, problems } = await openPage(browser, viewports.mobile);
    await signIn(page, app.baseUrl, editor.jwt);
    await page.goto(`${app.baseUrl}/p/${COMMENTED_ARTICLE}#comments`);
    const byText = (words: string) =>
      page.getByRole("article", { name: "Comment by Pat Poster" }).filter({ hasText: words });
    await byText(hideMe).getByRole("button", { name: "Hide" }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SCREENSHOTS}/studio-moderation-page-390.png` });
    await byText(hideMe).getByRole("button", { name: "Hide" }).click();
    await byText(hideMe).waitFor({ state: "detached" });
    await byText(deleteMe).getByRole("button", { name: "Delete" }).click();
    await byText(deleteMe).getByRole("button", { name: "Yes, delete" }).click();
    await byText(deleteMe).waitFor({ state: "detached" });
    const listed = await (await fetch(`${app.baseUrl}${path}`)).text();
    expect(listed).not.toContain(hideMe);
    expect(listed).not.toContain(deleteMe);
    // Both are in the audit log under the editor's name.
    const log = await api(app.baseUrl, "GET", "/api/studio/audit?targetType=comment", editor.jwt);
    const actions = ((await log.json()) as { data: { action: string }[] }).data.map(
      (e) => e.action,
    );
    expect(actions.slice(0, 2)).toEqual(["comment.delete", "comment.hide"]);
    expect(problems).toEqual([]);
  });
});

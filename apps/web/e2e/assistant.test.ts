// Max in headless Chromium (docs/product/max.md#assistant-screen,
// #assistant-conversation, #assistant-credits, docs/product/limits.md#constants): an anonymous
// visitor's 2 answers, credits 2 / 2 → 0 / 2 (what Max can do is free) and the sign-in invitation;
// the stats card and the candlestick chart; a member's history across reloads, the concurrent-send
// alert, the PDF export read back with a PDF parser, clear history after a confirmation; "Ask Max
// about this article"; the phone layout.
import fs from "node:fs";
import type { Browser, Locator, Page } from "playwright-core";
import { extractText } from "unpdf";
import { describe, expect, it } from "vitest";
import {
  holdRequests,
  openPage,
  type RunningApp,
  SESSION_COOKIE,
  signIn,
  signUp,
  viewports,
  withAppAndBrowser,
} from "./harness.ts";

const ARTICLE = "reading-smart-contract-risk";
const BUSY_ALERT = "Please wait for the current message to finish processing";
const OHLC_QUESTION = "Show me the price history of Bitcoin for 30 days";

const log = (page: Page) => page.getByRole("log", { name: "Conversation with Max" });
/** Max's finished answers, the greeting first (a bubble is aria-busy while awaited or revealed). */
const answers = (page: Page) => log(page).locator('li[data-role="assistant"]:not([aria-busy])');
/** The reader's bubbles. */
const questions = (page: Page) => log(page).locator('li[data-role="user"]');
const input = (page: Page) => page.getByRole("textbox", { name: "Send a message" });
const credits = (page: Page) => page.getByText(/^\d+ \/ 2$/);
const chip = (page: Page, text: string) =>
  page.getByRole("list", { name: "Suggestions" }).getByRole("button", { name: text });

/** Waits until the history has loaded (the page is hydrated) and no answer is on its way. */
async function idle(page: Page) {
  await page.locator('[role="log"][aria-busy="false"]').waitFor();
}

/** Sends `question` with Enter; resolves with Max's answer once it has finished streaming. */
async function ask(page: Page, question: string): Promise<Locator> {
  await idle(page);
  const before = await answers(page).count();
  await input(page).fill(question);
  await input(page).press("Enter");
  await expect.poll(() => answers(page).count()).toBe(before + 1);
  await idle(page);
  return answers(page).last();
}

/** The bubble's text once the reveal (one character per 5 ms) has shown it all. */
async function fullText(bubble: Locator, expected: RegExp): Promise<string> {
  await expect.poll(() => bubble.innerText()).toMatch(expected);
  return bubble.innerText();
}

describe("Max, the AI market analyst", () => {
  let app: RunningApp;
  let browser: Browser;
  withAppAndBrowser((started) => ({ app, browser } = started));

  it("gives an anonymous visitor 2 answers, counting 2 / 2 down to 0 / 2, then asks them to sign in", async () => {
    const { page, problems } = await openPage(browser);
    await page.goto(`${app.baseUrl}/assistant`);
    await idle(page);
    // The greeting and the four starters; no clear-history button for visitors.
    expect(await answers(page).first().innerText()).toMatch(/I'm Max/);
    expect(await credits(page).innerText()).toBe("2 / 2");
    for (const text of [
      "What can you do?",
      "Give me a list of new tokens",
      "List the current trending tokens",
      "Give me the key market stats for Solana",
    ]) {
      expect(await chip(page, text).isVisible(), text).toBe(true);
    }
    expect(await page.getByRole("button", { name: "Clear chat history" }).count()).toBe(0);
    expect(await page.getByRole("button", { name: "Export chat as PDF" }).count()).toBe(0);

    // 1: a chip sends its question; what Max can do costs no free message.
    await chip(page, "What can you do?").click();
    await expect.poll(() => answers(page).count()).toBe(2);
    await idle(page);
    await fullText(answers(page).last(), /Here is what I can do/);
    expect(await questions(page).first().innerText()).toContain("What can you do?");
    expect(await credits(page).innerText()).toBe("2 / 2");
    // What Max can do holds nothing to analyse: no analyse chip (it would waste a credit), the
    // other starters instead.
    expect(await chip(page, "Analyze your last message for valuable insights").count()).toBe(0);
    expect(await chip(page, "Give me a list of new tokens").isVisible()).toBe(true);
    expect(await page.getByRole("button", { name: "Export chat as PDF" }).count()).toBe(1);

    // 2: a token question shows the stats card with its as-of time.
    const stats = await ask(page, "Give me the key market stats for Solana");
    const card = stats.getByRole("figure", { name: /^Market data: Solana \(SOL\)$/ });
    await card.waitFor();
    const cardText = await card.innerText();
    for (const label of ["Price", "24h change", "Market cap", "Rank", "24h volume"]) {
      expect(cardText).toContain(label);
    }
    expect(cardText).toMatch(/As of \d{1,2} \w{3} \d{4}, \d\d:\d\d UTC/);
    expect(cardText).toMatch(/\$[\d,.]+/);
    await expect.poll(() => credits(page).innerText()).toBe("1 / 2");
    // An answer with market data can be analysed: the two follow-ups.
    await idle(page);
    expect(await chip(page, "Analyze your last message for valuable insights").isVisible()).toBe(
      true,
    );
    expect(await chip(page, "What other research should I do?").isVisible()).toBe(true);

    // 3: the second free message.
    const trending = await ask(page, "List the current trending tokens");
    await fullText(trending, /\w{3,}/);
    await expect.poll(() => credits(page).innerText()).toBe("0 / 2");

    // 4: the credits are used (docs/product/max.md#assistant-credits): the box and the chips rest,
    // saying why, and the invitation leads to the login page and back.
    await idle(page);
    expect(await input(page).isDisabled()).toBe(true);
    expect(await input(page).getAttribute("placeholder")).toBe("Sign in to keep asking Max");
    expect(await chip(page, "What other research should I do?").isDisabled()).toBe(true);
    await page.locator('a[href="/login?next=/assistant"]').click();
    await page.waitForURL(/\/login(\?|$)/);
    await page.getByRole("heading", { name: "Sign in to your Account" }).waitFor();
    expect(problems).toEqual([]);
  });

  it("keeps a member's chat across reloads, draws the chart, exports the PDF and clears it", async () => {
    const { page, problems } = await openPage(browser);
    const { jwt } = await signUp(app.baseUrl, "Grace Hopper");
    await signIn(page, app.baseUrl, jwt);
    await page.goto(`${app.baseUrl}/assistant`);
    await idle(page);
    expect(await credits(page).count()).toBe(0);
    await page.getByRole("button", { name: "Clear chat history" }).waitFor();

    // The price history is drawn as candles inside the answer's bubble.
    const chart = await ask(page, OHLC_QUESTION);
    await chart
      .getByRole("img", { name: /^Candlestick chart\. Bitcoin \(BTC\), 30 days/ })
      .waitFor();
    await chart.locator("canvas").first().waitFor();
    const chartAnswer = await fullText(chart, /As of .* UTC/);

    // A send while Max is working gets the busy alert (docs/product/max.md#assistant-conversation)
    // and is not sent.
    const answer = await holdRequests(page, "**/api/assistant/chat");
    await input(page).fill("Give me a list of new tokens");
    await input(page).press("Enter");
    await page.getByText("Max is thinking").waitFor({ state: "attached" });
    await input(page).fill("What other research should I do?");
    await input(page).press("Enter");
    await page.getByRole("alert").filter({ hasText: BUSY_ALERT }).waitFor();
    expect(await input(page).inputValue()).toBe("What other research should I do?");
    answer();
    await page.unrouteAll({ behavior: "wait" });
    await expect.poll(() => answers(page).count()).toBe(3);
    await idle(page);
    await fullText(answers(page).last(), /\w{3,}/);
    await input(page).fill("");

    // The history survives a reload, shown at once, chart included.
    await page.reload();
    await idle(page);
    expect(await questions(page).allInnerTexts()).toEqual([
      expect.stringContaining(OHLC_QUESTION),
      expect.stringContaining("Give me a list of new tokens"),
    ]);
    expect(await answers(page).count()).toBe(3);
    // Restored answers are not revealed again: the whole text is there at once.
    expect(await answers(page).nth(1).innerText()).toBe(chartAnswer);
    await answers(page).nth(1).locator("canvas").first().waitFor();

    // Export: {product}_bot_export.pdf with "User:" and "Assistant:" lines, answers included.
    const download = page.waitForEvent("download");
    await page.getByRole("button", { name: "Export chat as PDF" }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe("Crypto_Pragmatist_bot_export.pdf");
    const bytes = new Uint8Array(fs.readFileSync(await file.path()));
    const { text } = await extractText(bytes, { mergePages: true });
    expect(text).toContain(`User: ${OHLC_QUESTION}`);
    expect(text).toContain("User: Give me a list of new tokens");
    expect(text.match(/Assistant: /g)?.length).toBe(3);
    expect(text).toContain("Bitcoin");

    // Clear history asks first: Cancel keeps every message.
    await page.getByRole("button", { name: "Clear chat history" }).click();
    const confirm = page.getByRole("dialog", { name: "Clear your chat history?" });
    await confirm.getByRole("button", { name: "Cancel" }).click();
    expect(await questions(page).count()).toBe(2);
    // Confirmed: back to the greeting, gone on the server too.
    await page.getByRole("button", { name: "Clear chat history" }).click();
    await confirm.getByRole("button", { name: "Clear history" }).click();
    await page.getByRole("status").filter({ hasText: "Your chat history is cleared." }).waitFor();
    expect(await questions(page).count()).toBe(0);
    expect(await answers(page).count()).toBe(1);
    expect(await chip(page, "What can you do?").isVisible()).toBe(true);
    expect(await page.getByRole("button", { name: "Export chat as PDF" }).count()).toBe(0);
    await page.reload();
    await idle(page);
    expect(await questions(page).count()).toBe(0);
    const history = await fetch(`${app.baseUrl}/api/assistant/history`, {
      headers: { cookie: `${SESSION_COOKIE}=${jwt}` },
    });
    expect(((await history.json()) as { data: { messages: unknown[] } }).data.messages).toEqual([]);
    expect(problems).toEqual([]);
  });

  it("opens from an article with that article as context, and retries a lost request", async () => {
    const { page, problems } = await openPage(browser);
    await signIn(page, app.baseUrl, (await signUp(app.baseUrl, "Ada Lovelace")).jwt);
    await page.goto(`${app.baseUrl}/p/${ARTICLE}`);
    const title = await page.getByRole("heading", { level: 1 }).innerText();
    await page.getByRole("link", { name: "Ask Max about this article" }).click();
    await page.waitForURL(`${app.baseUrl}/assistant?article=${ARTICLE}`);
    await idle(page);
    expect(await page.getByText("About:", { exact: true }).locator("..").innerText()).toContain(
      title,
    );
    expect(await chip(page, "What should I research next?").isVisible()).toBe(true);

    // The first try meets a dropped connection: the reader sees why, and Retry asks again.
    const chatRequest = () =>
      page.waitForRequest((r) => r.method() === "POST" && r.url().endsWith("/api/assistant/chat"));
    const body = { text: "Summarise this article", articleSlug: ARTICLE };
    await page.route("**/api/assistant/chat", (route) => route.abort("internetdisconnected"), {
      times: 1,
    });
    const first = chatRequest();
    await chip(page, "Summarise this article").click();
    expect((await first).postDataJSON()).toEqual(body);
    await page.getByRole("alert").filter({ hasText: "Max could not be reached" }).waitFor();
    const second = chatRequest();
    await page.getByRole("button", { name: "Retry" }).click();
    expect((await second).postDataJSON()).toEqual(body);
    await expect.poll(() => answers(page).count()).toBe(2);
    await idle(page);
    await fullText(answers(page).last(), /\w{3,}/);
    expect(problems).toEqual([]);
  });

  it("fits a phone: 540 px panel, 460 px scroll area, the last two starters hidden", async () => {
    const { page, problems } = await openPage(browser, viewports.mobile);
    await page.goto(`${app.baseUrl}/assistant`);
    await idle(page);
    expect(await chip(page, "What can you do?").isVisible()).toBe(true);
    expect(await chip(page, "Give me a list of new tokens").isVisible()).toBe(true);
    expect(await chip(page, "List the current trending tokens").isVisible()).toBe(false);
    expect(await chip(page, "Give me the key market stats for Solana").isVisible()).toBe(false);

    const scrollArea = page.getByRole("region", { name: "Messages" });
    expect((await scrollArea.boundingBox())?.height).toBe(460);
    expect((await scrollArea.locator("..").boundingBox())?.height).toBe(540);
    // Icon 35 px; the bubble at most 95 % of its row; nothing wider than the screen.
    const greeting = answers(page).first();
    const row = (await greeting.boundingBox())!;
    const bubble = (await greeting.locator(":scope > div").boundingBox())!;
    expect(bubble.width).toBeLessThanOrEqual(row.width * 0.95 + 0.5);
    expect((await greeting.locator(":scope > span").boundingBox())?.width).toBe(35);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      390,
    );
    expect(problems).toEqual([]);
  });
});

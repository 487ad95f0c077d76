// In headless Chromium (docs/product/accounts.md#login): signing in from /login?next=<address>
// never leaves the site, whatever the address normalises to (`/./` + `/` and `/a/..` + `/` used to
// become //evil.example), while a real page of the site is still where the reader lands.
import type { Browser, Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { type Member, openPage, type RunningApp, signUp, withAppAndBrowser } from "./harness.ts";

const ARTICLE = "reading-smart-contract-risk";
const PASSWORD = "long-enough-password";

/**
 * Opens `/login?next=<next>` (`next` raw, as typed in the address bar) in a fresh browser context,
 * answers any request to evil.example with a stand-in page (so a redirect there is seen, not a
 * network error), signs `member` in with the form, and waits until the page has left /login.
 */
async function signInFrom(
  browser: Browser,
  app: RunningApp,
  member: Member,
  next: string,
): Promise<{ page: Page; problems: string[] }> {
  const opened = await openPage(browser);
  const { page } = opened;
  await page.context().route(
    (url) => url.hostname === "evil.example",
    (route) => route.fulfill({ status: 200, contentType: "text/html", body: "<h1>Evil</h1>" }),
  );
  await page.goto(`${app.baseUrl}/login?next=${next}`);
  const main = page.locator("main");
  await main.getByLabel("Email Address").fill(member.email);
  await main.getByLabel("Password").fill(PASSWORD);
  await main.getByRole("button", { name: "Sign in", exact: true }).click();
  await page.waitForURL(
    (url) => url.origin !== new URL(app.baseUrl).origin || url.pathname !== "/login",
  );
  await page.waitForLoadState("load");
  return opened;
}

/** The header's link to the account page, shown once the member is signed in. */
const signedIn = (page: Page) =>
  page.getByRole("link", { name: "Your account (Grace Hopper)" }).first();

describe("signing in from /login?next=", () => {
  let app: RunningApp;
  let browser: Browser;
  let member: Member;
  withAppAndBrowser((started) => ({ app, browser } = started));
  beforeAll(async () => {
    member = await signUp(app.baseUrl, "Grace Hopper");
  });

  it.each([["%2F.%2F%2Fevil.example"], ["/a/..//evil.example"], ["%2F%09%2Fevil.example"]])(
    "stays on the site for next=%s, on the home page",
    async (next) => {
      const { page, problems } = await signInFrom(browser, app, member, next);
      expect(new URL(page.url()).origin).toBe(new URL(app.baseUrl).origin);
      expect(new URL(page.url()).pathname).toBe("/");
      await signedIn(page).waitFor();
      expect(problems).toEqual([]);
      await page.context().close();
    },
  );

  it("still lands on the article for next=/p/<slug>", async () => {
    const { page, problems } = await signInFrom(browser, app, member, `/p/${ARTICLE}`);
    expect(page.url()).toBe(`${app.baseUrl}/p/${ARTICLE}`);
    await signedIn(page).waitFor();
    expect(problems).toEqual([]);
    await page.context().close();
  });
});

// An issue's MJML is rendered in a worker thread (docs/scale.md#send-memory): the mail is the
// same, MJML's errors still reach the caller, and the process that sends never loads MJML itself
// (its code, 18 MB of live heap, and a render's garbage would otherwise stay for good).
import { createRequire } from "node:module";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { type MailIssue, renderIssue } from "./issue-email.ts";
import { mjmlThreadRunning, releaseMjml, renderMjml, stopMjml } from "./mjml-render.ts";

const site = {
  siteName: "Pragmatist",
  publicUrl: "https://pragmatist.example",
  postalAddress: undefined,
};
const links = { base: site.publicUrl, link: (url: string) => url };
const issue: MailIssue = {
  kind: "post",
  subject: "Staking, a second look",
  intro: "",
  webUrl: `${site.publicUrl}/newsletter/staking`,
  articles: [
    {
      title: "Staking, a second look",
      subTitle: "What the yield pays for",
      url: `${site.publicUrl}/p/staking`,
      content: "Validators **earn** what they risk.\n\n| a | b |\n|---|---|\n| 1 | 2 |",
      body: true,
      excerpt: "",
      thumbnail: null,
    },
  ],
};

/** Whether this process has loaded MJML's core (CommonJS: it would sit in the module cache). */
const mjmlLoadedHere = () =>
  Object.keys(createRequire(import.meta.url).cache).some((file) =>
    file.includes(`${path.sep}mjml-core${path.sep}`),
  );

describe("an issue's MJML in a worker thread", () => {
  afterAll(() => stopMjml());

  it("renders the mail without loading MJML into the sending process", async () => {
    const { html, text } = await renderIssue(issue, site, links);
    expect(html).toMatch(/^<!doctype html>/i);
    expect(html).toContain("Validators <strong>earn</strong> what they risk.");
    expect(html).toContain("<table");
    expect(text).toContain("STAKING, A SECOND LOOK");
    expect(mjmlLoadedHere()).toBe(false);
  });

  it("answers documents sent together, each with its own HTML", async () => {
    const titles = ["One", "Two", "Three"];
    const pages = await Promise.all(
      titles.map((t) =>
        renderIssue(
          { ...issue, subject: t, articles: [{ ...issue.articles[0]!, title: t }] },
          site,
          links,
        ),
      ),
    );
    pages.forEach((page, i) => expect(page.html).toContain(`<title>${titles[i]}</title>`));
  });

  it("keeps the thread for the next document until released, then ends it once it has answered", async () => {
    await renderMjml("<mjml><mj-body></mj-body></mjml>");
    expect(mjmlThreadRunning()).toBe(true);
    releaseMjml();
    expect(mjmlThreadRunning()).toBe(false);
    const rendering = renderMjml("<mjml><mj-body></mj-body></mjml>");
    releaseMjml();
    expect(mjmlThreadRunning()).toBe(true);
    expect(await rendering).toMatch(/<body/);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(mjmlThreadRunning()).toBe(false);
  });

  it("passes MJML's refusal of an invalid document to the caller, then renders again", async () => {
    await expect(renderMjml("<mjml><mj-body><mj-nonsense /></mj-body></mjml>")).rejects.toThrow(
      /MJML/,
    );
    stopMjml();
    expect(await renderMjml("<mjml><mj-body></mj-body></mjml>")).toMatch(/<body/);
  });
});

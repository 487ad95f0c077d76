// The newsletter's web version and archive show the editor's intro as the email did: its Markdown
// rendered (bold, links), never its marks (`**`) as text.
import type { PublicIssue } from "@pragmatist/contracts";
import { publicationContext } from "@pragmatist/contracts";
import { screen } from "@testing-library/react";
import { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { renderRoute } from "../../test/route-test-kit.tsx";
import { IssueArchive } from "../features/newsletter/issue-archive.tsx";
import { IssueView } from "../features/newsletter/issue-view.tsx";
import { loader } from "./newsletter-issue.tsx";

const INTRO = "Our **pick** of the week, with [the primer](/p/primer).\n\nSecond paragraph.";

const issue: PublicIssue = {
  id: 7,
  attributes: {
    slug: "pick-of-the-week",
    subject: "Pick of the week",
    kind: "digest",
    intro: INTRO,
    introText: "Our pick of the week, with the primer. Second paragraph.",
    sentAt: "2026-05-01T09:00:00.000Z",
    webUrl: "https://pragmatist.example/newsletter/pick-of-the-week",
    articles: [],
  },
};

/** The loader of /newsletter/{slug} over a publication that has `issue`. */
async function load() {
  const context = new RouterContextProvider();
  const api = { findNewsletterIssue: async () => issue };
  context.set(publicationContext, api as never);
  const request = new Request("https://pragmatist.example/newsletter/pick-of-the-week");
  return loader({ params: { slug: issue.attributes.slug }, context, request } as never);
}

describe("a newsletter issue's intro", () => {
  it("is rendered from Markdown on the web version: bold, links and paragraphs, no marks", async () => {
    const data = await load();
    renderRoute(<IssueView issue={data.issue} introHtml={data.introHtml} html={data.html} />, {
      path: "/newsletter/:slug",
      at: "/newsletter/pick-of-the-week",
    });
    const bold = await screen.findByText("pick");
    expect(bold.tagName).toBe("STRONG");
    expect(screen.getByRole("link", { name: "the primer" }).getAttribute("href")).toBe("/p/primer");
    expect(screen.getByText("Second paragraph.").tagName).toBe("P");
    expect(document.body.textContent).not.toContain("**");
  });

  it("is plain text in the archive's line", async () => {
    const { articles: _articles, ...attributes } = issue.attributes;
    const list = {
      data: [{ id: issue.id, attributes }],
      meta: { pagination: { page: 1, pageSize: 20, pageCount: 1, total: 1 } },
    };
    renderRoute(
      <IssueArchive
        siteName="Crypto Pragmatist"
        issues={list}
        pageHref={(n) => `/newsletter?page=${n}`}
      />,
      { path: "/newsletter" },
    );
    expect(await screen.findByText(attributes.introText)).toBeTruthy();
    expect(document.body.textContent).not.toContain("**");
  });
});

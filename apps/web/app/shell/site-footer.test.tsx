// The site footer (docs/product/site.md#footer): Latest News with cut titles and short dates, Quick
// Links, the copyright line, and "Get it by email" opening the subscribe modal.
import { fireEvent, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderRoute } from "../../test/route-test-kit.tsx";
import type { PopularItem } from "../lib/site-data";
import { SiteFooter } from "./site-footer";

function renderFooter(popular: PopularItem[]) {
  renderRoute(
    <SiteFooter
      siteName="Crypto Pragmatist"
      newsletterUrl="https://news.example"
      popular={popular}
    />,
  );
}

describe("SiteFooter", () => {
  afterEach(() => vi.useRealTimers());

  it("lists the popular articles with short dates and titles cut to 45 characters", () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2024-11-29T12:00:00.000Z"));
    const title = "The weekly market report: bitcoin, ether and the rest of the market";
    renderFooter([
      { id: 1, title, slug: "weekly", publishDate: "2024-03-18T09:00:00.000Z" },
      { id: 2, title: "Last year's wrap", slug: "wrap", publishDate: "2023-12-29T09:00:00.000Z" },
    ]);
    const popular = within(screen.getByRole("region", { name: "Latest News" }));
    const link = popular.getByRole("link", { name: /The weekly market report/ });
    expect(link.textContent).toBe("The weekly market report: bitcoin, ether and…");
    expect(link.getAttribute("title")).toBe(title);
    expect(link.getAttribute("href")).toBe("/p/weekly");
    expect(popular.getByText("Mar 18").getAttribute("dateTime")).toBe("2024-03-18T09:00:00.000Z");
    expect(popular.getByText("Dec 29, 2023").tagName).toBe("TIME");
    expect(popular.getByRole("link", { name: "View All" }).getAttribute("href")).toBe("/");
  });

  it("says when there is no news, and shows the quick links and the copyright", () => {
    renderFooter([]);
    expect(screen.getByText("No news yet.")).toBeTruthy();
    const quick = within(screen.getByRole("navigation", { name: "Quick Links" }));
    expect(quick.getAllByRole("link").map((a) => a.getAttribute("href"))).toEqual([
      "/about",
      "/services",
      "https://news.example",
    ]);
    expect(
      screen.getByText(
        "© 2023 Crypto Pragmatist. All rights reserved. Nothing here is financial advice.",
      ),
    ).toBeTruthy();
  });

  it("opens the subscribe modal from Get it by email, loading it only then", async () => {
    renderFooter([]);
    // Not part of the page until asked for: no markup, and its code loads on demand.
    expect(screen.queryByRole("dialog", { hidden: true })).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Get it by email" }));
    const dialog = (await screen.findByRole("dialog", { hidden: true })) as HTMLDialogElement;
    expect(dialog.open).toBe(true);
    expect(within(dialog).getByText("Subscribe to Crypto Pragmatist")).toBeTruthy();
  });
});

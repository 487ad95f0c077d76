// A card without a thumbnail (docs/product/reader.md#article-card): its label's tinted cover with
// the publication's mark, not an empty grey block (docs/product/reader.md#article-card).
import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { articleCard } from "../../../test/article-cards.ts";
import { renderRoute } from "../../../test/route-test-kit.tsx";
import { ArticleCard } from "./article-card";
import { toCardView } from "./listing";

describe("ArticleCard", () => {
  it("shows the label's tinted cover with the mark when there is no thumbnail", () => {
    const card = toCardView(articleCard(7, "Weekly market report", { type: "News" }));
    renderRoute(<ArticleCard article={card} />);
    const article = screen.getByRole("article");
    expect(article.querySelector("img")).toBeNull();
    const cover = article.querySelector("svg")?.closest("div");
    expect(cover?.className).toMatch(/from-(sky|amber|accent)-?[\w/]*/);
    expect(screen.getByRole("link", { name: "Weekly market report" })).toBeTruthy();
  });
});

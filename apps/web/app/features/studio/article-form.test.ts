// The editor's form: dates in UTC, comma lists, and the body it sends.
import {
  articleTypes,
  META_DESCRIPTION_MAX as CONTRACT_DESCRIPTION_MAX,
  META_TITLE_MAX as CONTRACT_TITLE_MAX,
  TERMS_MAX as CONTRACT_TERMS_MAX,
  updateArticleBodySchema,
} from "@pragmatist/contracts";
import { describe, expect, it } from "vitest";
import {
  ARTICLE_TYPES,
  changesOf,
  formOf,
  fromUtcInput,
  isFutureDate,
  META_DESCRIPTION_MAX,
  META_TITLE_MAX,
  splitTerms,
  TERMS_MAX,
  toUtcInput,
} from "./article-form";

describe("article form", () => {
  it("keeps the contract's types and limits", () => {
    expect([...ARTICLE_TYPES]).toEqual([...articleTypes]);
    expect(TERMS_MAX).toBe(CONTRACT_TERMS_MAX);
    expect([META_TITLE_MAX, META_DESCRIPTION_MAX]).toEqual([
      CONTRACT_TITLE_MAX,
      CONTRACT_DESCRIPTION_MAX,
    ]);
  });

  it("shows and reads publish dates as ISO 8601, 24-hour, in UTC", () => {
    expect(toUtcInput("2026-11-24T14:05:00.000Z")).toBe("2026-11-24 14:05");
    expect(toUtcInput("2026-05-01T08:30:59.250Z")).toBe("2026-05-01 08:30:59");
    expect(fromUtcInput("2026-11-24 14:05")).toBe("2026-11-24T14:05:00.000Z");
    expect(fromUtcInput(" 2026-05-01 08:30:59 ")).toBe("2026-05-01T08:30:59.000Z");
    expect(fromUtcInput("2026-05-01T08:30")).toBe("2026-05-01T08:30:00.000Z");
    for (const wrong of ["", "2026-13-40 99:99", "2026-02-30 10:00", "2026-05-01 24:00"]) {
      expect(fromUtcInput(wrong), wrong).toBeNull();
    }
    // A US 12-hour date is not read as some other day.
    expect(fromUtcInput("11/24/2026, 02:05 PM")).toBeNull();
    const now = new Date("2026-05-01T08:00:00Z");
    expect(isFutureDate("2026-05-01 08:01", now)).toBe(true);
    expect(isFutureDate("2026-05-01 08:00", now)).toBe(false);
  });

  it("reads comma-separated names once each", () => {
    expect(splitTerms(" DeFi, layer 2 ,, defi,  Solana  ")).toEqual(["DeFi", "layer 2", "Solana"]);
    expect(splitTerms(Array.from({ length: 30 }, (_, i) => `t${i}`).join(","))).toHaveLength(20);
  });

  it("sends a body the API accepts, without an empty slug", () => {
    const form = {
      ...formOf(null, new Date("2026-05-01T08:00:00Z")),
      title: "  A new piece ",
      content: "# Hello",
      tags: "one, two",
    };
    const data = changesOf(form);
    expect(data).not.toHaveProperty("slug");
    expect(data).toMatchObject({
      title: "A new piece",
      tags: ["one", "two"],
      publishDate: "2026-05-01T08:00:00.000Z",
      thumbnail: null,
      types: ["Research"],
    });
    expect(updateArticleBodySchema.safeParse({ data }).success).toBe(true);
  });

  it("sends an empty search field as null (the page's default) and a set one trimmed", () => {
    const empty = changesOf(formOf(null, new Date("2026-05-01T08:00:00Z")));
    expect(empty).toMatchObject({
      metaTitle: null,
      metaDescription: null,
      canonicalUrl: null,
      socialImage: null,
    });
    const data = changesOf({
      ...formOf(null, new Date("2026-05-01T08:00:00Z")),
      title: "A piece",
      metaTitle: " Staking, plainly ",
      canonicalUrl: " https://example.org/first/ ",
      socialImage: { id: 12, url: "/uploads/articles/images/1200x630-card.webp" },
    });
    expect(data).toMatchObject({
      metaTitle: "Staking, plainly",
      canonicalUrl: "https://example.org/first/",
      socialImage: 12,
    });
    expect(updateArticleBodySchema.safeParse({ data }).success).toBe(true);
    // A canonical URL is a whole http(s) address.
    for (const canonicalUrl of ["/p/a-piece", "javascript:alert(1)", "ftp://example.org/x"]) {
      const refused = updateArticleBodySchema.safeParse({ data: { ...data, canonicalUrl } });
      expect(refused.success, canonicalUrl).toBe(false);
    }
  });
});

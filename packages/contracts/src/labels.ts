// The article card label rule (docs/product/reader.md#article-card); free of zod so browser bundles
// stay small.
import type { ArticleType } from "./articles.ts";

/**
 * The card label (docs/product/reader.md#article-card): newsletter words, then the 2022-10-29
 * market-report cut-off.
 */
export type ArticleLabel = "Research" | "Newsletter" | "Market Report";

const NEWSLETTER_WORDS =
  /\b(news|newsletters?|weeks?|weekly|days?|daily|monday|tuesday|wednesday|thursday|friday|saturday|sunday)\b/i;
/**
 * Newsletters dated after this day (YYYY-MM-DD) are Market Reports
 * (docs/product/reader.md#article-card).
 */
export const MARKET_REPORT_CUTOFF = "2022-10-29";

const LABELS: readonly string[] = ["Research", "Newsletter", "Market Report"];

/**
 * The types a news listing (`/market-reports`) shows: news of every kind (contracts
 * `articleTypes` but Research).
 */
export const newsTypes = ["News", "Newsletter", "Market Report"] as const satisfies ArticleType[];

/**
 * Labels a card (docs/product/reader.md#article-card): by the article's own type when an editor or
 * the importer gave it one that is a label (Research, Newsletter, Market Report; the first in
 * `types` order). Else, the spec's title rule: a title or subtitle containing a
 * newsletter word is a newsletter, called "Market Report" when dated after 2022-10-29; all else
 * is Research.
 * @param publishDate ISO date or date-time.
 */
export function articleLabel(a: {
  title: string;
  subTitle: string;
  publishDate: string;
  types: readonly string[];
}): ArticleLabel {
  const own = a.types.find((t) => LABELS.includes(t));
  if (own) return own as ArticleLabel;
  if (!NEWSLETTER_WORDS.test(a.title) && !NEWSLETTER_WORDS.test(a.subTitle)) return "Research";
  return a.publishDate.slice(0, 10) > MARKET_REPORT_CUTOFF ? "Market Report" : "Newsletter";
}

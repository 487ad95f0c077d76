// The article card label rule (docs/product.md#article-card); free of zod so browser bundles stay
// small.

/**
 * The card label (docs/product.md#article-card): newsletter words, then the 2022-10-29
 * market-report cut-off.
 */
export type ArticleLabel = "Research" | "Newsletter" | "Market Report";

const NEWSLETTER_WORDS =
  /\b(news|newsletters?|weeks?|weekly|days?|daily|monday|tuesday|wednesday|thursday|friday|saturday|sunday)\b/i;
/**
 * Newsletters dated after this day (YYYY-MM-DD) are Market Reports
 * (docs/product.md#article-card).
 */
export const MARKET_REPORT_CUTOFF = "2022-10-29";

/**
 * Labels a card (docs/product.md#article-card): a title or subtitle containing a newsletter
 * word is a newsletter, called "Market Report" when dated after 2022-10-29; all else is Research.
 * @param publishDate ISO date or date-time.
 */
export function articleLabel(title: string, subTitle: string, publishDate: string): ArticleLabel {
  if (!NEWSLETTER_WORDS.test(title) && !NEWSLETTER_WORDS.test(subTitle)) return "Research";
  return publishDate.slice(0, 10) > MARKET_REPORT_CUTOFF ? "Market Report" : "Newsletter";
}

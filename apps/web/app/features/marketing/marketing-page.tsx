// The frame of the marketing pages (docs/product/site.md#about, #services): their head tags, then
// the hero, the numbered points, what the page adds and the partner call-to-action.
import type { ReactNode } from "react";
import type { MetaDescriptor } from "react-router";
import { type PageMetaOptions, pageMeta } from "../../lib/meta.ts";
import { useSite } from "../../lib/site-data.ts";
import { PartnerCta, type PartnerCtaProps } from "./partner-cta.tsx";
import { PageHero, type Point, PointGrid } from "./sections.tsx";

/** What names a marketing page: its address, its name (title and eyebrow) and its description. */
export interface MarketingPageHead {
  path: string;
  /** The page's title in the head and the eyebrow line over its `<h1>`: "About us". */
  name: string;
  /** The meta description. */
  description: string;
}

/** The page's head tags (`pageMeta`): its name as the title, its description, canonical `path`. */
export function marketingMeta(
  head: MarketingPageHead,
  matches: PageMetaOptions["matches"],
): MetaDescriptor[] {
  return pageMeta({ matches, title: head.name, description: head.description, path: head.path });
}

/**
 * A marketing page: the hero (the head's name as eyebrow, `title`, the lead paragraphs as
 * `children`), the numbered `points` under their title, `more`, then the partner call-to-action
 * (`cta`'s heading and sentence, else its defaults) to PARTNER_FORM_URL.
 */
export function MarketingPage(props: {
  head: MarketingPageHead;
  title: string;
  children: ReactNode;
  points: { title: string; points: Point[] };
  more?: ReactNode;
  cta?: Pick<PartnerCtaProps, "title" | "children">;
}) {
  const { head, title, children, points, more, cta } = props;
  const { partnerFormUrl } = useSite();
  return (
    <main className="mx-auto max-w-6xl space-y-16 px-4 py-12 sm:py-16">
      <PageHero eyebrow={head.name} title={title}>
        {children}
      </PageHero>
      <PointGrid title={points.title} points={points.points} />
      {more}
      <PartnerCta formUrl={partnerFormUrl} {...cta} />
    </main>
  );
}

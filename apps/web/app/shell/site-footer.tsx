// Site footer on every page (docs/product/site.md#footer): Latest News (3 latest News, titles cut
// to 45 characters, short month and day), Quick Links, the subscribe modal, and the 2023 copyright
// line.
import { NewsletterLink } from "../components/newsletter-link.tsx";
import { type ReactNode, useState } from "react";
import { Link } from "react-router";
import { buttonClass } from "../components/ui/button";
import { ArrowRightIcon, MailIcon } from "../components/ui/icons";
import { formatCardDate, truncateTitle } from "../lib/format";
import { Logo } from "../components/logo";
import type { PopularItem } from "../lib/site-data";
import { lazyDialog } from "../components/ui/lazy-load";
import { StaticPart } from "../components/ui/static-part";
import { useViewerSnapshot } from "../lib/viewer";

/** The subscribe modal, loaded when "Get it by email" is reached for (it is rarely opened). */
const subscribeModal = lazyDialog(() => import("../features/newsletter/subscribe-modal.tsx"));

/**
 * What a route's `handle` may say about the footer: `siteFooter: false` leaves it out of that
 * route's pages and its children's (the studio is a workplace, not a page of the publication,
 * docs/product/site.md#footer).
 */
export interface SiteFooterHandle {
  siteFooter?: false;
}

const headingClass = "text-xs font-semibold tracking-wider text-muted uppercase";
const linkClass = "text-sm text-ink/85 hover:text-accent hover:underline underline-offset-4";

/**
 * The footer: the logo, a line about the publication and "Get it by email" (the subscribe
 * modal), Latest News, Quick Links (a StaticPart: kept as the server rendered them when the page
 * hydrates), then the copyright line.
 */
export function SiteFooter({
  siteName,
  newsletterUrl,
  popular,
}: {
  siteName: string;
  /** NEWSLETTER_URL: the external newsletter, opened in a new tab. */
  newsletterUrl: string;
  /** The root loader's latest News (docs/product/site.md#footer: 3 of them). */
  popular: PopularItem[];
}) {
  const [subscribeOpen, setSubscribeOpen] = useState(false);
  const { subscribed } = useViewerSnapshot();
  return (
    <footer className="mt-16 border-t border-line bg-surface">
      <div className="mx-auto grid max-w-[100rem] gap-10 px-4 py-12 sm:px-6 md:grid-cols-2 lg:grid-cols-[1.3fr_1.4fr_0.8fr]">
        <div className="max-w-sm">
          <Logo name={siteName} />
          <p className="mt-4 text-sm leading-6 text-muted">
            Independent research on crypto networks, markets and the rules around them. Written to
            be read, not skimmed.
          </p>
          <button
            type="button"
            className={buttonClass("secondary", "sm", "mt-5")}
            onPointerEnter={subscribeModal.preload}
            onFocus={subscribeModal.preload}
            onClick={() => setSubscribeOpen(true)}
            aria-haspopup="dialog"
          >
            <MailIcon size={16} className="text-muted" />
            Get it by email
          </button>
        </div>
        {/* Links only: the server's markup, not walked by React when the footer hydrates; a
            member who gets the newsletter has it rendered again, for "Subscribed". */}
        <StaticPart deps={[popular, newsletterUrl, subscribed]} className="contents">
          <LatestNews popular={popular} />
          <QuickLinks newsletterUrl={newsletterUrl} />
        </StaticPart>
      </div>
      <div className="border-t border-line">
        <p className="mx-auto max-w-[100rem] px-4 py-5 text-xs text-muted sm:px-6">
          © 2023 {siteName}. All rights reserved. Nothing here is financial advice.
        </p>
      </div>
      <subscribeModal.Component
        open={subscribeOpen}
        onClose={() => setSubscribeOpen(false)}
        siteName={siteName}
      />
    </footer>
  );
}

/** A footer column: a `section` or `nav` named by its small-caps heading (id `headingId`). */
function FooterColumn({
  as: Column,
  headingId,
  title,
  children,
}: {
  as: "section" | "nav";
  headingId: string;
  title: string;
  children: ReactNode;
}) {
  return (
    <Column aria-labelledby={headingId}>
      <h2 id={headingId} className={headingClass}>
        {title}
      </h2>
      {children}
    </Column>
  );
}

/**
 * "Latest News" (the spec's "Most Popular", renamed for what it lists): date and
 * cut title of each item ("No news yet." when none), then View All.
 */
function LatestNews({ popular }: { popular: PopularItem[] }) {
  return (
    <FooterColumn as="section" headingId="footer-latest" title="Latest News">
      <ol className="mt-4 space-y-3.5">
        {popular.map((item) => (
          <li key={item.id} className="flex items-baseline gap-3">
            <time
              dateTime={item.publishDate}
              className="tabular min-w-12 shrink-0 text-xs font-medium whitespace-nowrap text-muted"
            >
              {formatCardDate(item.publishDate)}
            </time>
            <Link to={`/p/${item.slug}`} className={linkClass} title={item.title}>
              {truncateTitle(item.title, 45)}
            </Link>
          </li>
        ))}
        {popular.length === 0 && <li className="text-sm text-muted">No news yet.</li>}
      </ol>
      <Link
        to="/"
        className="mt-5 inline-flex items-center gap-1 text-sm font-medium text-accent hover:underline underline-offset-4"
      >
        View All
        <ArrowRightIcon size={15} />
      </Link>
    </FooterColumn>
  );
}

/** "Quick Links": About us, Partner with Us, and Subscribe (the external newsletter). */
function QuickLinks({ newsletterUrl }: { newsletterUrl: string }) {
  return (
    <FooterColumn as="nav" headingId="footer-quick-links" title="Quick Links">
      <ul className="mt-4 space-y-3">
        <li>
          <Link to="/about" className={linkClass}>
            About us
          </Link>
        </li>
        <li>
          <Link to="/services" className={linkClass}>
            Partner with Us
          </Link>
        </li>
        <li>
          <NewsletterLink invites href={newsletterUrl} className={linkClass}>
            Subscribe
          </NewsletterLink>
        </li>
      </ul>
    </FooterColumn>
  );
}

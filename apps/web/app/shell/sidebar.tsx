// Left sidebar of the shared layout, wide screens only (docs/product/site.md#sidebar): Research, AI
// Insights, Market Data, Market Reports, Newsletter (external) and the partner logo strip; the active tab comes
// from the path.
import { NewsletterLink } from "../components/newsletter-link.tsx";
import type { ReactNode } from "react";
import { Link, useLocation } from "react-router";
import {
  ChartIcon,
  ExternalIcon,
  MailIcon,
  CandlesIcon,
  ResearchIcon,
  SparkIcon,
} from "../components/ui/icons";
import { activeSidebarTab, type SidebarTab } from "./nav";
import { PartnerLogos } from "../components/partner-logos.tsx";
import { StaticPart } from "../components/ui/static-part.tsx";

const tabClass = (active: boolean) =>
  `group flex items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium transition-colors ${
    active ? "bg-accent/10 text-accent" : "text-ink/80 hover:bg-line/60 hover:text-ink"
  }`;

function Tab({
  tab,
  active,
  to,
  icon,
  children,
}: {
  tab: SidebarTab;
  active: SidebarTab;
  to: string;
  icon: ReactNode;
  children: ReactNode;
}) {
  const isActive = tab === active;
  return (
    <li>
      <Link to={to} className={tabClass(isActive)} aria-current={isActive ? "page" : undefined}>
        {icon}
        {children}
      </Link>
    </li>
  );
}

/**
 * The sidebar from `lg` up, sticky under the header: the section tabs (the active one from the
 * path, aria-current) with Newsletter opening `newsletterUrl` in a new tab, then "Our partners".
 */
export function Sidebar({ newsletterUrl }: { newsletterUrl: string }) {
  const { pathname } = useLocation();
  const active = activeSidebarTab(pathname);
  return (
    <aside className="hidden w-56 shrink-0 lg:block" aria-label="Sidebar">
      <div className="sticky top-24 flex flex-col gap-8">
        <nav aria-label="Sections">
          <ul className="space-y-0.5">
            <Tab tab="research" active={active} to="/" icon={<ResearchIcon size={18} />}>
              Research
            </Tab>
            <Tab tab="assistant" active={active} to="/assistant" icon={<SparkIcon size={18} />}>
              AI Insights
            </Tab>
            <Tab tab="markets" active={active} to="/markets" icon={<CandlesIcon size={18} />}>
              Market Data
            </Tab>
            <Tab
              tab="market-reports"
              active={active}
              to="/market-reports"
              icon={<ChartIcon size={18} />}
            >
              Market Reports
            </Tab>
            <li>
              <NewsletterLink
                href={newsletterUrl}
                className={tabClass(active === "newsletter")}
                aria-current={active === "newsletter" ? "page" : undefined}
                external={<ExternalIcon size={14} className="ml-auto text-muted" />}
              >
                <MailIcon size={18} />
                Newsletter
              </NewsletterLink>
            </li>
          </ul>
        </nav>
        {/* Logos and links only: the server's markup, not walked by React on load. */}
        <StaticPart
          as="section"
          deps={[]}
          aria-labelledby="sidebar-partners"
          className="border-t border-line pt-6"
        >
          <h2
            id="sidebar-partners"
            className="px-3 text-xs font-semibold tracking-wider text-muted uppercase"
          >
            Our partners
          </h2>
          <div className="mt-4 px-3">
            <PartnerLogos variant="strip" />
          </div>
        </StaticPart>
      </div>
    </aside>
  );
}

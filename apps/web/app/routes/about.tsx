// `/about` (docs/product/site.md#about): our objectives and the partner call-to-action.
import { Link } from "react-router";
import { objectives } from "../features/marketing/content.ts";
import { PartnerCta } from "../features/marketing/partner-cta.tsx";
import { PageHero, PointGrid } from "../features/marketing/sections.tsx";
import { pageMeta } from "../lib/meta.ts";
import { useSite } from "../lib/site-data.ts";
import type { Route } from "./+types/about";

/** Title "About us", its description and canonical `/about`. */
export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    matches,
    title: "About us",
    description:
      "Independent crypto research and market intelligence: our objectives are investor engagement, user education, project visibility and global distribution.",
    path: "/about",
  });

/** The page: the hero with links into the site, the four objectives, the partner call-to-action. */
export default function About() {
  const { name: siteName, partnerFormUrl } = useSite();
  return (
    <main className="mx-auto max-w-6xl space-y-16 px-4 py-12 sm:py-16">
      <PageHero eyebrow="About us" title="Crypto research for people who make decisions">
        <p>
          {siteName} is an independent research and news publication. We read the code, the
          governance forums and the on-chain data so that our readers get a clear, sourced view of
          what is happening and why it matters.
        </p>
        <p>
          Read the{" "}
          <Link to="/" className="font-medium text-accent underline underline-offset-2">
            research library
          </Link>
          , follow the{" "}
          <Link
            to="/market-reports"
            className="font-medium text-accent underline underline-offset-2"
          >
            market reports
          </Link>
          , or see how we{" "}
          <Link to="/services" className="font-medium text-accent underline underline-offset-2">
            work with partners
          </Link>
          .
        </p>
      </PageHero>
      <PointGrid title="Our objectives" points={objectives} />
      <PartnerCta formUrl={partnerFormUrl} />
    </main>
  );
}

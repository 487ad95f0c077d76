// `/about` (docs/product/site.md#about): our objectives and the partner call-to-action.
import { Link } from "react-router";
import { aboutHead, objectives } from "../features/marketing/content.ts";
import { MarketingPage, marketingMeta } from "../features/marketing/marketing-page.tsx";
import { useSite } from "../lib/site-data.ts";
import type { Route } from "./+types/about";

/** Title "About us", its description and canonical `/about`. */
export const meta: Route.MetaFunction = ({ matches }) => marketingMeta(aboutHead, matches);

/** The page: the hero with links into the site, the four objectives, the partner call-to-action. */
export default function About() {
  const { name: siteName } = useSite();
  return (
    <MarketingPage
      head={aboutHead}
      title="Crypto research for people who make decisions"
      points={{ title: "Our objectives", points: objectives }}
    >
      <p>
        {siteName} is an independent research and news publication. We read the code, the governance
        forums and the on-chain data so that our readers get a clear, sourced view of what is
        happening and why it matters.
      </p>
      <p>
        Read the{" "}
        <Link to="/" className="font-medium text-accent underline underline-offset-2">
          research library
        </Link>
        , follow the{" "}
        <Link to="/market-reports" className="font-medium text-accent underline underline-offset-2">
          market reports
        </Link>
        , or see how we{" "}
        <Link to="/services" className="font-medium text-accent underline underline-offset-2">
          work with partners
        </Link>
        .
      </p>
    </MarketingPage>
  );
}

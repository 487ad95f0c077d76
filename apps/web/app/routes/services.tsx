// `/services` (docs/product/site.md#services): partner with us — research as a service, partner
// logos, call-to-action.
import { PartnerLogos } from "../components/partner-logos.tsx";
import { services, servicesHead } from "../features/marketing/content.ts";
import { MarketingPage, marketingMeta } from "../features/marketing/marketing-page.tsx";
import { useSite } from "../lib/site-data.ts";
import type { Route } from "./+types/services";

/** Title "Partner with us", its description and canonical `/services`. */
export const meta: Route.MetaFunction = ({ matches }) => marketingMeta(servicesHead, matches);

/** The "Partners" section: the logos of the projects we work with. */
function Partners() {
  return (
    <section aria-labelledby="partners-title">
      <h2 id="partners-title" className="text-2xl font-semibold tracking-tight">
        Partners
      </h2>
      <div className="mt-6">
        <PartnerLogos />
      </div>
    </section>
  );
}

/**
 * The page: the hero, the three offerings, the partner logos and the call-to-action "Start a
 * partnership".
 */
export default function Services() {
  const { name: siteName } = useSite();
  const cta = {
    title: "Start a partnership",
    children:
      "Send us a short brief: your project, the audience you want to reach and the timeline. We reply to every enquiry within a few working days.",
  };
  return (
    <MarketingPage
      head={servicesHead}
      title="Research as a service"
      points={{ title: "What we offer", points: services }}
      more={<Partners />}
      cta={cta}
    >
      <p>
        Work with the {siteName} research desk to explain your project, sector or ecosystem to an
        audience of investors, builders and curious readers. Every piece follows our editorial
        standards and is clearly marked as partner work.
      </p>
    </MarketingPage>
  );
}

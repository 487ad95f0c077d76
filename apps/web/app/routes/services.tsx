// `/services` (docs/product/site.md#services): partner with us — research as a service, partner
// logos, call-to-action.
import { services } from "../features/marketing/content.ts";
import { PartnerCta } from "../features/marketing/partner-cta.tsx";
import { PartnerLogos } from "../components/partner-logos.tsx";
import { PageHero, PointGrid } from "../features/marketing/sections.tsx";
import { pageMeta } from "../lib/meta.ts";
import { useSite } from "../lib/site-data.ts";
import type { Route } from "./+types/services";

/** Title "Partner with us", its description and canonical `/services`. */
export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    matches,
    title: "Partner with us",
    description:
      "Research as a service: industry and narrative reports, newsletter and social content, and ecosystem coverage for crypto projects.",
    path: "/services",
  });

/**
 * The page: the hero, the three offerings, the partner logos and the call-to-action "Start a
 * partnership".
 */
export default function Services() {
  const { name: siteName, partnerFormUrl } = useSite();
  return (
    <main className="mx-auto max-w-6xl space-y-16 px-4 py-12 sm:py-16">
      <PageHero eyebrow="Partner with us" title="Research as a service">
        <p>
          Work with the {siteName} research desk to explain your project, sector or ecosystem to an
          audience of investors, builders and curious readers. Every piece follows our editorial
          standards and is clearly marked as partner work.
        </p>
      </PageHero>
      <PointGrid title="What we offer" points={services} />
      <section aria-labelledby="partners-title">
        <h2 id="partners-title" className="text-2xl font-semibold tracking-tight">
          Partners
        </h2>
        <div className="mt-6">
          <PartnerLogos />
        </div>
      </section>
      <PartnerCta formUrl={partnerFormUrl} title="Start a partnership">
        Send us a short brief: your project, the audience you want to reach and the timeline. We
        reply to every enquiry within a few working days.
      </PartnerCta>
    </main>
  );
}

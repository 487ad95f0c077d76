// Promo banner for the external newsletter (docs/product/site.md#newsletter-banner); opens it in a
// new tab.
import { NewsletterLink } from "../../components/newsletter-link.tsx";
import { ArrowRightIcon } from "../../components/ui/icons";

/**
 * The strip above the shared layout: "The Weekly Brief" (its tagline from `sm` up) and "Subscribe
 * free", a link to `newsletterUrl` (NEWSLETTER_URL) in a new tab.
 */
export function NewsletterBanner({ newsletterUrl }: { newsletterUrl: string }) {
  return (
    <aside aria-label="Newsletter" className="border-b border-line bg-accent/[0.07]">
      <div className="mx-auto flex max-w-[100rem] flex-wrap items-center justify-center gap-x-3 gap-y-1 px-4 py-2.5 text-center text-sm sm:px-6">
        <span className="text-ink/85">
          <span className="font-semibold text-ink">The Weekly Brief</span>
          <span className="hidden sm:inline">
            : markets, research and regulation in one calm read
          </span>
        </span>
        <NewsletterLink
          invites
          href={newsletterUrl}
          className="inline-flex items-center gap-1 font-medium text-accent hover:underline underline-offset-4"
        >
          Subscribe free
          <ArrowRightIcon size={15} />
        </NewsletterLink>
      </div>
    </aside>
  );
}

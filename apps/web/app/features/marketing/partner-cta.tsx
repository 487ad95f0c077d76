// The partner call-to-action of About and Services (docs/product/site.md#about, #services:
// "External links open in a new tab").

/** Where the call-to-action leads and what it says. */
export interface PartnerCtaProps {
  /** PARTNER_FORM_URL: the external partnership enquiry form; null: none configured, no button. */
  formUrl: string | null;
  /** The heading; "Partner with us" by default. */
  title?: string;
  /** The sentence under the heading; a default invitation when omitted. */
  children?: string;
}

/**
 * A card with a heading, a sentence and "Start an enquiry", which opens the partner form in a new
 * tab (noopener noreferrer); without a form configured, no button (the old
 * default form did not exist). Its heading id is fixed: one per page.
 */
export function PartnerCta({
  formUrl,
  title = "Partner with us",
  children = "Tell us about your project and what you want your audience to understand. We reply to every enquiry within a few working days.",
}: PartnerCtaProps) {
  return (
    <section
      aria-labelledby="partner-cta-title"
      className="rounded-2xl border border-line bg-surface p-6 sm:flex sm:items-center sm:justify-between sm:gap-8 sm:p-10"
    >
      <div className="max-w-xl">
        <h2 id="partner-cta-title" className="text-2xl font-semibold tracking-tight">
          {title}
        </h2>
        <p className="mt-2 leading-relaxed text-muted">{children}</p>
      </div>
      {formUrl && <EnquiryLink formUrl={formUrl} />}
    </section>
  );
}

/** "Start an enquiry", opening the partner form in a new tab. */
function EnquiryLink({ formUrl }: { formUrl: string }) {
  return (
    <a
      href={formUrl}
      target="_blank"
      rel="noopener noreferrer"
      className="mt-6 inline-flex h-12 shrink-0 items-center gap-2 rounded-lg bg-accent px-6 font-semibold text-accent-ink transition-opacity hover:opacity-90 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent sm:mt-0"
    >
      Start an enquiry
      <span aria-hidden="true">↗</span>
      <span className="sr-only">(opens in a new tab)</span>
    </a>
  );
}

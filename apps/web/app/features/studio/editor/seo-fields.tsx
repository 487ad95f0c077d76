// The editor's search and social fields (docs/product/studio.md#studio-seo): a meta title and
// description with how much of each a search result shows, a canonical address for an article first
// published elsewhere, a social image, and a preview of the card a shared link makes, each field
// empty for the page's own default.
import { useId } from "react";
import { TextArea, TextInput } from "../../../components/ui/field";
import { useSite } from "../../../lib/site-data";
import { ArticleImageField } from "../article-image-field";
import { type ArticleForm, META_DESCRIPTION_MAX, META_TITLE_MAX } from "../article-form";
import { Section } from "./editor-section";
import type { BindField } from "./field-binding";
import type { FieldErrors } from "./save-failure";

/** About as many characters as a search result shows of a title, and of a description. */
const SHOWN = { title: 60, description: 155 } as const;

/** "42 / 60 characters", and past `shown` what a search result does with the rest. */
function lengthHint(value: string, shown: number, fallback: string): string {
  const length = value.trim().length;
  if (length === 0) return fallback;
  const count = `${length} / ${shown} characters`;
  return length > shown ? `${count}: search results cut what is past ${shown}` : count;
}

/** The site's host name for the card ("cryptopragmatist.com"), or the site's name without one. */
function hostOf(publicUrl: string, name: string): string {
  try {
    return new URL(publicUrl).host;
  } catch {
    return name;
  }
}

/**
 * How a shared link to the article will look: its picture (the social image, else the thumbnail),
 * the site, the title and the description as the page will give them (the meta fields, else the
 * title and subtitle).
 */
function LinkPreview({ form, labelledBy }: { form: ArticleForm; labelledBy: string }) {
  const site = useSite();
  const title = form.metaTitle.trim() || form.title.trim() || "Untitled";
  const description = form.metaDescription.trim() || form.subTitle.trim();
  const picture = form.socialImage ?? form.thumbnail;
  return (
    <figure
      aria-labelledby={labelledBy}
      className="overflow-hidden rounded-lg border border-line bg-page"
    >
      {picture ? (
        <img src={picture.url} alt="" className="aspect-[1200/630] w-full object-cover" />
      ) : (
        <div className="grid aspect-[1200/630] place-items-center text-xs text-muted">
          No picture: set a thumbnail
        </div>
      )}
      <figcaption className="space-y-0.5 border-t border-line px-3 py-2">
        <span className="block text-[0.6875rem] text-muted uppercase">
          {hostOf(site.publicUrl, site.name)}
        </span>
        <span className="line-clamp-2 block text-sm font-semibold text-ink">{title}</span>
        {description && (
          <span className="line-clamp-2 block text-xs text-muted">{description}</span>
        )}
      </figcaption>
    </figure>
  );
}

/**
 * "Search and social": the meta title, description and canonical address, the social image
 * (uploaded at once, its refusal from `fieldErrors`; none when `disabled`), and the card.
 */
export function SeoFields({
  form,
  field,
  edit,
  fieldErrors,
  disabled,
}: {
  form: ArticleForm;
  field: BindField;
  edit: (patch: Partial<ArticleForm>) => void;
  fieldErrors: FieldErrors;
  disabled: boolean;
}) {
  const cardLabel = useId();
  return (
    <Section title="Search and social">
      <TextInput
        label="Meta title"
        {...field("metaTitle")}
        maxLength={META_TITLE_MAX}
        placeholder={form.title.trim() || "The title"}
        hint={lengthHint(form.metaTitle, SHOWN.title, "Empty: the title.")}
      />
      <TextArea
        label="Meta description"
        {...field("metaDescription")}
        rows={3}
        maxLength={META_DESCRIPTION_MAX}
        placeholder={form.subTitle.trim() || "The subtitle"}
        hint={lengthHint(form.metaDescription, SHOWN.description, "Empty: the subtitle.")}
      />
      <TextInput
        label="Canonical URL"
        {...field("canonicalUrl")}
        type="url"
        inputMode="url"
        placeholder="https://…"
        hint="Only for an article first published elsewhere: search engines credit that address."
      />
      <ArticleImageField
        label="Social image"
        value={form.socialImage}
        disabled={disabled}
        onChange={(socialImage) => edit({ socialImage })}
        hint="Empty: the thumbnail. 1200 × 630 works everywhere."
        error={fieldErrors.socialImage}
      />
      <div>
        <p id={cardLabel} className="mb-1 text-[0.8125rem] font-medium">
          Shared link
        </p>
        <LinkPreview form={form} labelledBy={cardLabel} />
      </div>
    </Section>
  );
}

// The editor's side fields: publishing (date in UTC, types), terms (categories, tags,
// ecosystems) and the thumbnail.
import type { ArticleType } from "@pragmatist/contracts";
import { TextInput } from "../../../components/ui/field";
import { ArticleImageField } from "../article-image-field";
import { ARTICLE_TYPES, type ArticleForm, fromUtcInput } from "../article-form";
import { studioApi } from "../studio-api";
import { useStudioData } from "../use-studio-data";
import { Section } from "./editor-section";
import type { BindField } from "./field-binding";
import type { FieldErrors } from "./save-failure";
import { SeoFields } from "./seo-fields";
import { TermsField } from "./terms-field";

/** The types as checkboxes, in ARTICLE_TYPES order; the last one ticked cannot be unticked. */
function TypesField({
  types,
  edit,
}: {
  types: ArticleType[];
  edit: (patch: Partial<ArticleForm>) => void;
}) {
  return (
    <fieldset>
      <legend className="mb-1 text-[0.8125rem] font-medium">Types</legend>
      {/* Wraps in a narrow side panel instead of spilling out of it. */}
      <div className="flex flex-wrap gap-x-4 gap-y-2">
        {ARTICLE_TYPES.map((type: ArticleType) => {
          const checked = types.includes(type);
          return (
            <label key={type} className="inline-flex items-center gap-2 text-sm">
              <input
                type="checkbox"
                checked={checked}
                // At least one type: the last one cannot be unticked.
                disabled={checked && types.length === 1}
                onChange={() =>
                  edit({
                    types: checked
                      ? types.filter((t) => t !== type)
                      : ARTICLE_TYPES.filter((t) => t === type || types.includes(t)),
                  })
                }
                className="size-4 accent-accent"
              />
              {type}
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}

/**
 * The publish date: ISO 8601 date and 24-hour time in UTC as text ("2026-11-24 14:05"), the same
 * for every editor whatever their browser's locale (docs/product/studio.md#studio-editor). A text
 * that is no real date says so under the field; the server's refusal shows there too.
 */
function PublishDateField({
  binding,
  editor,
}: {
  binding: ReturnType<BindField>;
  editor: boolean;
}) {
  const unreadable = binding.value.trim() !== "" && fromUtcInput(binding.value) === null;
  return (
    <TextInput
      label="Publish date (UTC)"
      {...binding}
      error={
        binding.error ??
        (unreadable ? "Write the date as YYYY-MM-DD HH:MM (24-hour, UTC)" : undefined)
      }
      placeholder="YYYY-MM-DD HH:MM"
      autoComplete="off"
      spellCheck={false}
      maxLength={19}
      inputClassName="tabular"
      hint={
        editor
          ? "24-hour, in UTC, e.g. 2026-11-24 14:05. A future date with Schedule publishes it then; Publish now uses the current time."
          : "24-hour, in UTC, e.g. 2026-11-24 14:05. An editor publishes the article."
      }
    />
  );
}

const TERM_FIELDS = [
  ["categories", "Categories", "category"],
  ["tags", "Tags", "tag"],
  ["ecosystems", "Ecosystems", "ecosystem"],
] as const;

/**
 * Terms: a picker per kind over the terms in use (loaded once with the editor). Without them (still
 * loading, or the call failed) a field still takes new terms, and says why it offers none.
 */
function TermsSection({ field, canEdit }: { field: BindField; canEdit: boolean }) {
  const inUse = useStudioData("terms", (signal) => studioApi.terms(signal));
  const terms = inUse.kind === "ready" ? inUse.value : null;
  return (
    <Section title="Terms">
      <p className="text-xs text-muted">
        {inUse.kind === "error"
          ? `The terms in use could not be loaded (${inUse.message}); new ones can still be added.`
          : "Pick from the terms in use as you type; a new one only with “Add new”."}
      </p>
      {TERM_FIELDS.map(([key, label, noun]) => (
        <TermsField
          key={key}
          label={label}
          noun={noun}
          binding={field(key)}
          terms={terms?.[key] ?? null}
          disabled={!canEdit}
        />
      ))}
    </Section>
  );
}

/**
 * The side column's fields (disabled unless `canEdit`): Publishing (the date in UTC, with a hint
 * for `editor`s or authors, and the types), Terms (TermsSection), Thumbnail with its error, and
 * Search and social (SeoFields, with the social image).
 */
export function DetailsFields({
  form,
  field,
  edit,
  fieldErrors,
  editor,
  canEdit,
}: {
  form: ArticleForm;
  field: BindField;
  edit: (patch: Partial<ArticleForm>) => void;
  fieldErrors: FieldErrors;
  editor: boolean;
  canEdit: boolean;
}) {
  return (
    <fieldset disabled={!canEdit} className="min-w-0 space-y-4">
      <legend className="sr-only">Details</legend>
      <Section title="Publishing">
        <PublishDateField binding={field("publishDate")} editor={editor} />
        <TypesField types={form.types} edit={edit} />
      </Section>
      <TermsSection field={field} canEdit={canEdit} />
      <Section title="Thumbnail">
        <ArticleImageField
          label="Thumbnail image"
          value={form.thumbnail}
          disabled={!canEdit}
          onChange={(thumbnail) => edit({ thumbnail })}
          preview={{ alt: "Thumbnail preview", empty: "No thumbnail" }}
          error={fieldErrors.thumbnail}
        />
      </Section>
      <SeoFields
        form={form}
        field={field}
        edit={edit}
        fieldErrors={fieldErrors}
        disabled={!canEdit}
      />
    </fieldset>
  );
}

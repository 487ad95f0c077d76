// The editor's first box: title, subtitle and slug, the slug following the title until edited
// (slug.ts).
import { SLUG_MAX } from "@pragmatist/contracts";
import { TextInput } from "../../../components/ui/field";
import type { ArticleForm } from "../article-form";
import { slugForTitle, slugLeft, slugTyped } from "../slug";
import type { BindField } from "./field-binding";

/**
 * Title (200 characters at most; typing it moves a slug that still follows it), subtitle (300)
 * and slug (SLUG_MAX, with the address it gives; leaving the field cleans it to a valid slug,
 * and an emptied one follows the title again: slug.ts `slugLeft`).
 */
export function TitleFields({
  form,
  field,
  edit,
}: {
  form: ArticleForm;
  field: BindField;
  edit: (patch: Partial<ArticleForm>) => void;
}) {
  return (
    <div className="space-y-3 rounded-xl border border-line bg-surface p-4">
      <TextInput
        label="Title"
        {...field("title")}
        maxLength={200}
        required
        inputClassName="h-11 text-lg font-semibold"
        onChange={(e) => {
          const value = e.currentTarget.value;
          const slug = slugForTitle({ slug: form.slug, auto: form.slugAuto }, value);
          edit({ title: value, slug: slug.slug, slugAuto: slug.auto });
        }}
      />
      <TextInput label="Subtitle" {...field("subTitle")} maxLength={300} />
      <TextInput
        label="Slug"
        {...field("slug")}
        maxLength={SLUG_MAX}
        inputClassName="font-mono"
        hint={
          <>
            The address: /p/{form.slug || "…"}
            {form.slugAuto ? " (made from the title until you edit it)" : ""}
          </>
        }
        onChange={(e) => {
          const slug = slugTyped(e.currentTarget.value);
          edit({ slug: slug.slug, slugAuto: slug.auto });
        }}
        onBlur={() => {
          const slug = slugLeft({ slug: form.slug, auto: form.slugAuto }, form.title);
          if (slug.slug !== form.slug || slug.auto !== form.slugAuto) {
            edit({ slug: slug.slug, slugAuto: slug.auto });
          }
        }}
      />
    </div>
  );
}

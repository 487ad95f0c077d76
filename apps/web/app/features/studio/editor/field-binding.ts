// How the editor's text fields bind to its form: value, error and typing, one call per field.
import type { ArticleForm } from "../article-form";
import type { FieldErrors } from "./save-failure";

/** The form's fields typed as text. */
export type TextKey =
  | "title"
  | "subTitle"
  | "slug"
  | "content"
  | "categories"
  | "tags"
  | "ecosystems"
  | "publishDate"
  | "metaTitle"
  | "metaDescription"
  | "canonicalUrl";

/** What a text field takes from the form: its value, its error, and its typing. */
export interface FieldBinding {
  value: string;
  error: string | undefined;
  onChange: (e: { currentTarget: { value: string } }) => void;
}

/** The binding of a text field by its key (title, subtitle, terms, body …). */
export type BindField = (key: TextKey) => FieldBinding;

/** Binds the text fields of `form`: errors from `errors`, typing sent to `edit` as a patch. */
export function bindTextFields(
  form: ArticleForm,
  errors: FieldErrors,
  edit: (patch: Partial<ArticleForm>) => void,
): BindField {
  return (key) => ({
    value: form[key],
    error: errors[key],
    onChange: (e) => edit({ [key]: e.currentTarget.value }),
  });
}

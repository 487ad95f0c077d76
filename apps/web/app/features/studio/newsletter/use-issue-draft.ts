// A draft issue's editable fields on its screen (docs/product/newsletter.md#newsletter-sending):
// subject, slug, intro and, for a digest, its articles; what changed, and the save.
import type { StudioIssue, UpdateIssueBody } from "@pragmatist/contracts";
import { useState } from "react";
import { type FieldErrors, failureOf } from "../editor/save-failure";
import type { PickedArticle } from "./article-picker";
import { newsletterApi } from "./newsletter-api";

/** The fields as typed. */
export interface IssueForm {
  subject: string;
  slug: string;
  intro: string;
  articles: PickedArticle[];
}

/** The form of `issue` as stored. */
function formOf(issue: StudioIssue): IssueForm {
  const { subject, slug, intro, articles } = issue.attributes;
  return { subject, slug, intro, articles: articles.map(({ id, title }) => ({ id, title })) };
}

/** What `form` changes in `issue`: only the fields that differ (subject and slug trimmed). */
export function changesOf(issue: StudioIssue, form: IssueForm): UpdateIssueBody["data"] {
  const a = issue.attributes;
  const changes: UpdateIssueBody["data"] = {};
  if (form.subject.trim() !== a.subject) changes.subject = form.subject.trim();
  if (form.slug.trim() !== a.slug) changes.slug = form.slug.trim();
  if (form.intro !== a.intro) changes.intro = form.intro;
  const ids = form.articles.map((x) => x.id);
  if (ids.join() !== a.articles.map((x) => x.id).join()) changes.articleIds = ids;
  return changes;
}

/**
 * The fields of draft `issue`: `edit` applies a typed change; `dirty` is whether anything
 * differs from the stored issue; `save` sends the changes (PUT) and hands the stored issue to
 * `onSaved`, or keeps the form and puts the server's refusals under the fields (`failure`).
 */
export function useIssueDraft(issue: StudioIssue, onSaved: (issue: StudioIssue) => void) {
  const [form, setForm] = useState(() => formOf(issue));
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<{ message: string; fields: FieldErrors } | null>(null);
  const changes = changesOf(issue, form);
  const dirty = Object.keys(changes).length > 0;

  const edit = (patch: Partial<IssueForm>) => setForm((f) => ({ ...f, ...patch }));

  const save = async () => {
    if (!dirty) return;
    setSaving(true);
    setFailure(null);
    try {
      const stored = await newsletterApi.update(issue.id, changes);
      setForm(formOf(stored));
      onSaved(stored);
    } catch (error) {
      setFailure(failureOf(error));
    } finally {
      setSaving(false);
    }
  };

  return { form, edit, dirty, save, saving, failure };
}

/** A draft's fields and their save, as `useIssueDraft` gives them. */
export type IssueDraft = ReturnType<typeof useIssueDraft>;

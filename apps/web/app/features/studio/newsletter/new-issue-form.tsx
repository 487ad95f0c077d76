// The "New issue" form (docs/product/newsletter.md#newsletter-sending): a post of one
// published article, or "The Weekly Brief" of the week's published articles (or those the editor
// picks), with an optional subject and intro; it creates a draft and opens it.
import type { CreateIssueBody, IssueKind } from "@pragmatist/contracts";
import { type FormEvent, useState } from "react";
import { Link, useNavigate } from "react-router";
import { Button, buttonClass } from "../../../components/ui/button";
import { errorText } from "../../../components/ui/danger";
import { TextArea, TextInput } from "../../../components/ui/field";
import { Spinner } from "../../../components/ui/action-icons";
import { type FieldErrors, failureOf } from "../editor/save-failure";
import { ArticlePicker, type PickedArticle, PickedArticles } from "./article-picker";
import { newsletterApi } from "./newsletter-api";
import { type RadioCard, RadioCards } from "./radio-cards";

const kinds: RadioCard<IssueKind>[] = [
  { value: "post", title: "A post", hint: "One published article, in full." },
  {
    value: "digest",
    title: "The Weekly Brief",
    hint: "The week's published articles as cards, with your intro.",
  },
];

/** The form's fields as the create call takes them (the server fills in what is left out). */
function bodyOf(
  kind: IssueKind,
  articles: PickedArticle[],
  subject: string,
  intro: string,
): CreateIssueBody["data"] | null {
  const extra = { ...(subject.trim() ? { subject: subject.trim() } : {}), intro };
  if (kind === "digest") {
    return {
      kind,
      ...(articles.length ? { articleIds: articles.map((a) => a.id) } : {}),
      ...extra,
    };
  }
  return articles[0] ? { kind, articleId: articles[0].id, ...extra } : null;
}

/** The articles part: one chosen article for a post, a list (empty: the week's) for a digest. */
function ArticlesField({
  kind,
  articles,
  setArticles,
  error,
}: {
  kind: IssueKind;
  articles: PickedArticle[];
  setArticles: (next: PickedArticle[]) => void;
  error: string | undefined;
}) {
  const post = kind === "post";
  return (
    <section aria-label={post ? "Article" : "Articles"} className="space-y-2">
      <h2 className="text-[0.8125rem] font-medium">{post ? "Article" : "Articles"}</h2>
      <PickedArticles
        articles={articles}
        label={post ? "Chosen article" : "Chosen articles"}
        empty={
          post
            ? "Choose the article to send below."
            : "None picked: every article published in the last 7 days, newest first (at most 30). Add articles below to choose them yourself."
        }
        onRemove={(id) => setArticles(articles.filter((a) => a.id !== id))}
      />
      {error && <p className={`text-xs ${errorText}`}>{error}</p>}
      <ArticlePicker
        pickedIds={articles.map((a) => a.id)}
        pickLabel={post ? "Choose" : "Add"}
        onPick={(a) => setArticles(post ? [a] : [...articles, a])}
      />
    </section>
  );
}

/**
 * The form's state: the kind (changing it empties the articles), articles, subject and intro;
 * `submit` creates the draft and opens its screen, or keeps the form with the refusals.
 */
function useNewIssue() {
  const navigate = useNavigate();
  const [kind, setKindState] = useState<IssueKind>("post");
  const [articles, setArticles] = useState<PickedArticle[]>([]);
  const [subject, setSubject] = useState("");
  const [intro, setIntro] = useState("");
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<{ message: string; fields: FieldErrors } | null>(null);

  const setKind = (next: IssueKind) => {
    setKindState(next);
    setArticles([]);
    setFailure(null);
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const body = bodyOf(kind, articles, subject, intro);
    if (!body) {
      setFailure({ message: "Choose an article", fields: { articleId: "Choose an article" } });
      return;
    }
    setBusy(true);
    setFailure(null);
    try {
      const issue = await newsletterApi.create(body);
      void navigate(`/studio/newsletter/${issue.id}`);
    } catch (error) {
      setFailure(failureOf(error));
      setBusy(false);
    }
  };
  return {
    kind,
    setKind,
    articles,
    setArticles,
    subject,
    setSubject,
    intro,
    setIntro,
    busy,
    failure,
    submit,
  };
}

const shownFields = ["articleId", "articleIds", "subject", "intro"];

/** The form: kind, articles, subject and intro; Create draft opens the new issue's screen. */
export function NewIssueForm() {
  const form = useNewIssue();
  const { kind, failure } = form;
  const fields = failure?.fields ?? {};
  return (
    <form
      onSubmit={(e) => void form.submit(e)}
      noValidate
      className="max-w-3xl space-y-5 rounded-xl border border-line bg-surface p-4 sm:p-5"
    >
      <RadioCards legend="Kind of issue" value={kind} options={kinds} onChange={form.setKind} />
      <ArticlesField
        kind={kind}
        articles={form.articles}
        setArticles={form.setArticles}
        error={fields.articleId ?? fields.articleIds}
      />
      <TextInput
        label="Subject"
        value={form.subject}
        maxLength={200}
        hint={
          kind === "post"
            ? "Optional: the article's title when left empty."
            : "Optional: “The Weekly Brief: {today's date}” when left empty."
        }
        error={fields.subject}
        onChange={(e) => form.setSubject(e.currentTarget.value)}
      />
      <TextArea
        label="Intro"
        value={form.intro}
        rows={4}
        maxLength={5000}
        hint="Optional, in Markdown: a few words above the article(s)."
        error={fields.intro}
        onChange={(e) => form.setIntro(e.currentTarget.value)}
      />
      {failure && !shownFields.some((f) => fields[f]) && (
        <p role="alert" className={`text-sm ${errorText}`}>
          {failure.message}
        </p>
      )}
      <div className="flex flex-wrap justify-end gap-2">
        <Link to="/studio/newsletter" className={buttonClass("secondary")}>
          Cancel
        </Link>
        <Button type="submit" disabled={form.busy}>
          {form.busy && <Spinner size={14} />}
          Create draft
        </Button>
      </div>
    </form>
  );
}

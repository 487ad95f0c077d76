// What an issue says besides its articles' text (docs/product/newsletter.md#newsletter-sending): a
// draft's subject, slug, intro and articles as fields with Save and Delete; once sent, the same as
// facts with its web version.
import type { StudioIssue } from "@pragmatist/contracts";
import { type ReactNode, useState } from "react";
import { Link, useNavigate } from "react-router";
import { Button } from "../../../components/ui/button";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog";
import { errorText } from "../../../components/ui/danger";
import { TextArea, TextInput } from "../../../components/ui/field";
import { Spinner } from "../../../components/ui/action-icons";
import { UtcTime } from "../../../components/ui/utc-time";
import { useBusyAction } from "../use-busy-action";
import { ArticlePicker, PickedArticles } from "./article-picker";
import { newsletterApi } from "./newsletter-api";
import type { IssueDraft } from "./use-issue-draft";

/** The post's article, linked to its editor. */
function PostArticle({ issue }: { issue: StudioIssue }) {
  const article = issue.attributes.articles[0];
  if (!article) return null;
  return (
    <p className="text-sm">
      <span className="text-muted">Article: </span>
      <Link
        to={`/studio/articles/${article.id}`}
        className="font-medium text-accent hover:underline"
      >
        {article.title}
      </Link>
      {article.status === "draft" && <span className="text-muted"> (a draft: email only)</span>}
    </p>
  );
}

/** Delete draft, after a confirmation; then back to the list. */
function DeleteDraft({ issue }: { issue: StudioIssue }) {
  const navigate = useNavigate();
  const [asking, setAsking] = useState(false);
  const { busy, error, act } = useBusyAction<"delete">();
  return (
    <>
      <Button variant="ghost" className={errorText} onClick={() => setAsking(true)}>
        Delete draft
      </Button>
      {error && <p className={`text-xs ${errorText}`}>{error}</p>}
      <ConfirmDialog
        open={asking}
        title="Delete this draft?"
        confirmLabel="Delete draft"
        busy={busy !== null}
        onClose={() => setAsking(false)}
        onConfirm={() =>
          void act("delete", async () => {
            await newsletterApi.remove(issue.id);
            void navigate("/studio/newsletter");
          }).then(() => setAsking(false))
        }
      >
        “{issue.attributes.subject}” is deleted. The articles stay as they are.
      </ConfirmDialog>
    </>
  );
}

/**
 * A draft's fields: subject, slug (the web version's address), intro (Markdown) and, for a
 * digest, its articles with Remove and a picker to add more; Save changes while `draft.dirty`;
 * Delete draft.
 */
export function DraftFields({ issue, draft }: { issue: StudioIssue; draft: IssueDraft }) {
  const { form, edit, failure } = draft;
  const fields = failure?.fields ?? {};
  const digest = issue.attributes.kind === "digest";
  return (
    <form
      aria-label="Issue"
      noValidate
      className="space-y-4"
      onSubmit={(e) => {
        e.preventDefault();
        void draft.save();
      }}
    >
      <TextInput
        label="Subject"
        value={form.subject}
        maxLength={200}
        required
        error={fields.subject}
        onChange={(e) => edit({ subject: e.currentTarget.value })}
      />
      <TextInput
        label="Slug"
        value={form.slug}
        maxLength={200}
        hint={`The web version: /newsletter/${form.slug || "…"}`}
        error={fields.slug}
        onChange={(e) => edit({ slug: e.currentTarget.value })}
      />
      <TextArea
        label="Intro"
        value={form.intro}
        rows={5}
        maxLength={5000}
        hint="Markdown, above the article(s). Optional."
        error={fields.intro}
        onChange={(e) => edit({ intro: e.currentTarget.value })}
      />
      {digest ? (
        <div className="space-y-2">
          <h3 className="text-[0.8125rem] font-medium">Articles</h3>
          <PickedArticles
            articles={form.articles}
            label="Articles in this issue"
            empty="No article: add at least one below."
            onRemove={(id) => edit({ articles: form.articles.filter((a) => a.id !== id) })}
          />
          {fields.articleIds && <p className={`text-xs ${errorText}`}>{fields.articleIds}</p>}
          <ArticlePicker
            pickedIds={form.articles.map((a) => a.id)}
            pickLabel="Add"
            onPick={(a) => edit({ articles: [...form.articles, a] })}
          />
        </div>
      ) : (
        <PostArticle issue={issue} />
      )}
      {failure && !Object.keys(fields).length && (
        <p role="alert" className={`text-sm ${errorText}`}>
          {failure.message}
        </p>
      )}
      <div className="flex flex-wrap items-center justify-between gap-2">
        <DeleteDraft issue={issue} />
        <Button type="submit" disabled={!draft.dirty || draft.saving}>
          {draft.saving && <Spinner size={14} />}
          Save changes
        </Button>
      </div>
    </form>
  );
}

/** An issue whose send started: its dates, articles and web version. */
export function IssueFacts({ issue }: { issue: StudioIssue }) {
  const a = issue.attributes;
  const ended = a.cancelledAt ?? a.sentAt;
  const rows: [string, ReactNode][] = [
    ["Send started (UTC)", a.sendStartedAt ? <UtcTime iso={a.sendStartedAt} /> : "—"],
    [a.cancelledAt ? "Cancelled (UTC)" : "Sent (UTC)", ended ? <UtcTime iso={ended} /> : "—"],
  ];
  return (
    <div className="space-y-3 text-sm">
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-muted">{label}</dt>
            <dd className="tabular">{value}</dd>
          </div>
        ))}
      </dl>
      {a.kind === "post" ? (
        <PostArticle issue={issue} />
      ) : (
        <PickedArticles articles={a.articles} label="Articles in this issue" empty="No article." />
      )}
      <p>
        <a
          href={a.webUrl}
          target="_blank"
          rel="noopener"
          className="font-medium text-accent hover:underline"
        >
          Web version
        </a>
      </p>
    </div>
  );
}

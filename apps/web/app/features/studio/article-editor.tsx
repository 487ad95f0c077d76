// The article editor (issue #7 "Editor"): fields, live preview, thumbnail, the status actions the
// viewer's role allows, autosave of drafts with conflict detection, a warning before leaving
// with unsaved changes, revisions and stats.
import { type ArticleType, type Role, SLUG_MAX, type StudioArticle } from "@pragmatist/contracts";
import { type ReactNode, useEffect, useEffectEvent, useReducer, useRef, useState } from "react";
import { Link, useBlocker, useNavigate } from "react-router";
import { Button } from "../../components/ui/button";
import { Spinner } from "../../components/ui/icons";
import { ApiError } from "../../lib/api-client";
import { isEditor } from "../../lib/viewer";
import {
  ARTICLE_TYPES,
  type ArticleForm,
  changesOf,
  formOf,
  isFutureDate,
  toUtcInput,
} from "./article-form";
import {
  AUTOSAVE_DELAY_MS,
  hasUnsavedWork,
  initialSaveState,
  saveReducer,
  saveStatusText,
  shouldAutosave,
} from "./autosave";
import { MarkdownPreview } from "./markdown-preview";
import { RevisionsPanel } from "./revisions-panel";
import { slugForTitle, slugLeft, slugTyped } from "./slug";
import { StatsPanel } from "./stats-panel";
import { studioApi } from "./studio-api";
import { messageOf } from "./studio-load";
import { ThumbnailField } from "./thumbnail-field";
import { ConfirmDialog, errorText, StatusBadge, TextArea, TextInput } from "./ui";

/** "12:03": the reader's local time, 24-hour, for "Saved 12:03". */
const clock = new Intl.DateTimeFormat("en-GB", {
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});
const formatClock = (iso: string) => clock.format(new Date(iso));

type Action = "save" | "publish" | "schedule" | "unpublish" | "delete";

/** The form's fields typed as text. */
type TextKey =
  "title" | "subTitle" | "slug" | "content" | "categories" | "tags" | "ecosystems" | "publishDate";

/** A failed save's message and, from a 400's `details.errors`, the message of each field. */
function failureOf(error: unknown): { message: string; fields: Partial<Record<string, string>> } {
  const fields: Partial<Record<string, string>> = {};
  let message = messageOf(error);
  if (error instanceof ApiError && Array.isArray(error.details.errors)) {
    for (const e of error.details.errors as { path?: unknown[]; message?: string }[]) {
      const field = e.path?.[e.path[0] === "data" ? 1 : 0];
      if (typeof field === "string" && e.message) fields[field] ??= e.message;
    }
    const first = Object.values(fields)[0];
    if (first) message = first;
  }
  return { message, fields };
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="rounded-xl border border-line bg-surface p-4">
      <h2 className="mb-3 text-sm font-semibold tracking-tight">{title}</h2>
      <div className="space-y-3">{children}</div>
    </section>
  );
}

/**
 * Edits `article` (null: a new one, created by its first save, after which the address becomes
 * `/studio/articles/{id}` with `editorKey` in the history state so this editor stays mounted).
 * Authors save drafts only and see their published articles read-only; editors and admins
 * also publish, schedule, unpublish and delete.
 */
export function ArticleEditor({
  article,
  role,
  editorKey,
}: {
  article: StudioArticle | null;
  role: Role;
  editorKey: string;
}) {
  const navigate = useNavigate();
  const [form, setForm] = useState<ArticleForm>(() => formOf(article, new Date()));
  const [saved, setSaved] = useState<StudioArticle | null>(article);
  const [save, dispatch] = useReducer(saveReducer, initialSaveState);
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<string, string>>>({});
  const [action, setAction] = useState<Action | null>(null);
  // A read-only article (an author's published one) opens on its preview on narrow screens.
  const [view, setView] = useState<"write" | "preview">(() =>
    article && !isEditor(role) && article.attributes.status !== "draft" ? "preview" : "write",
  );
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  // What async saves read: the latest form and server version, not those of the render that
  // scheduled them.
  const formRef = useRef(form);
  const savedRef = useRef(saved);
  /** Set just before leaving on purpose (after Delete), so the leave warning stays quiet. */
  const leaving = useRef(false);
  useEffect(() => {
    formRef.current = form;
  }, [form]);

  const editor = isEditor(role);
  const state = saved?.attributes.state ?? "draft";
  const draft = state === "draft";
  // Authors change their own drafts only (policy.ts); a published article is read-only to them.
  const canEdit = editor || draft;
  const autosave = canEdit && draft && form.title.trim() !== "";
  const unsaved = hasUnsavedWork(save);
  const busy = save.saving || action !== null;

  /** A change typed by the viewer: the form moves on, the save state hears of it. */
  const edit = (patch: Partial<ArticleForm>) => {
    setForm((f) => ({ ...f, ...patch }));
    dispatch({ type: "edit" });
    setNotice(null);
  };

  /** The value, error and typing of a text field of the form (title, subtitle, terms, body …). */
  const field = (key: TextKey) => ({
    value: form[key],
    error: fieldErrors[key],
    onChange: (e: { currentTarget: { value: string } }) => edit({ [key]: e.currentTarget.value }),
  });

  /**
   * Saves the form (creating the article on its first save) with `change` on top (a status, a
   * publish date). Sends the version last seen, so a save over someone else's answers 409.
   * @returns the article as stored, or null when the save failed (the status line says why).
   */
  const persist = async (
    change: { status?: "draft" | "published"; publishDate?: string } = {},
  ): Promise<StudioArticle | null> => {
    const base = savedRef.current;
    const data = { ...changesOf(formRef.current), ...change };
    if (!data.title) {
      setFieldErrors({ title: "A title is needed" });
      dispatch({ type: "failed", message: "a title is needed" });
      return null;
    }
    dispatch({ type: "start" });
    setFieldErrors({});
    try {
      const result = base
        ? await studioApi.updateArticle(base.id, { ...data, updatedAt: base.attributes.updatedAt })
        : await studioApi.createArticle(data);
      savedRef.current = result;
      setSaved(result);
      // A slug the server made (the title had none to give) shows in the field.
      setForm((f) => (f.slug.trim() ? f : { ...f, slug: result.attributes.slug }));
      dispatch({ type: "saved", at: new Date().toISOString() });
      if (!base) {
        void navigate(`/studio/articles/${result.id}`, {
          replace: true,
          state: { editor: editorKey },
        });
      }
      return result;
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) {
        dispatch({ type: "conflict", message: "the article was changed elsewhere" });
      } else {
        const failure = failureOf(error);
        setFieldErrors(failure.fields);
        dispatch({ type: "failed", message: failure.message });
      }
      return null;
    }
  };

  // Autosave: a draft saves itself AUTOSAVE_DELAY_MS after the last change.
  const autosaveNow = useEffectEvent(() => void persist());
  useEffect(() => {
    if (!shouldAutosave(save, autosave)) return;
    const timer = setTimeout(autosaveNow, AUTOSAVE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [form, save, autosave]);

  // Leaving with unsaved changes warns: in the app (useBlocker) and when closing or reloading
  // the tab (beforeunload, whose text the browser chooses).
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      unsaved &&
      !leaving.current &&
      currentLocation.pathname !== nextLocation.pathname &&
      (nextLocation.state as { editor?: string } | null)?.editor !== editorKey,
  );
  useEffect(() => {
    if (!unsaved) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = "";
    };
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [unsaved]);

  const run = async (kind: Action, work: () => Promise<void>) => {
    setAction(kind);
    setNotice(null);
    try {
      await work();
    } finally {
      setAction(null);
    }
  };

  /** Saves with a new status and shows the date the server settled on. */
  const changeStatus = async (
    change: { status: "draft" | "published"; publishDate?: string },
    done: string,
  ) => {
    const result = await persist(change);
    if (!result) return;
    setForm((f) => ({ ...f, publishDate: toUtcInput(result.attributes.publishDate) }));
    setNotice(done);
  };

  const publishNow = () =>
    changeStatus(
      { status: "published", publishDate: new Date().toISOString() },
      "Published: readers can see it now.",
    );

  const reload = async () => {
    const id = savedRef.current?.id;
    if (id === undefined) return;
    try {
      const fresh = await studioApi.getArticle(id);
      savedRef.current = fresh;
      setSaved(fresh);
      setForm(formOf(fresh, new Date()));
      setFieldErrors({});
      dispatch({ type: "loaded" });
    } catch (error) {
      dispatch({ type: "conflict", message: messageOf(error) });
    }
  };

  const remove = async () => {
    const id = savedRef.current?.id;
    if (id === undefined) return;
    try {
      await studioApi.deleteArticle(id);
      leaving.current = true;
      setConfirmDelete(false);
      void navigate("/studio");
    } catch (error) {
      setConfirmDelete(false);
      setNotice(`Not deleted: ${messageOf(error)}`);
    }
  };

  const future = isFutureDate(form.publishDate, new Date());
  const statusText = saveStatusText(save, formatClock);
  const title = saved ? saved.attributes.title || "Untitled" : "New article";

  const actionButton = (
    kind: Action,
    label: string,
    onClick: () => Promise<void>,
    variant: "primary" | "secondary" = "secondary",
    extra: { disabled?: boolean; title?: string } = {},
  ) => (
    <Button
      variant={variant}
      onClick={() => void run(kind, onClick)}
      disabled={busy || extra.disabled}
      title={extra.title}
    >
      {action === kind && <Spinner size={14} />}
      {label}
    </Button>
  );

  const actions: ReactNode[] = [];
  if (canEdit) {
    if (draft) {
      actions.push(
        actionButton(
          "save",
          "Save draft",
          async () => void (await persist()),
          editor ? "secondary" : "primary",
        ),
      );
      if (editor) {
        actions.push(
          actionButton(
            "schedule",
            "Schedule",
            () =>
              changeStatus({ status: "published" }, "Scheduled: it goes live at its publish date."),
            "secondary",
            future ? {} : { disabled: true, title: "Set a publish date in the future to schedule" },
          ),
          actionButton("publish", "Publish now", publishNow, "primary"),
        );
      }
    } else {
      actions.push(
        actionButton("save", "Save changes", async () => void (await persist()), "primary"),
      );
      if (state === "scheduled") {
        actions.push(actionButton("publish", "Publish now", publishNow));
      }
      actions.push(
        actionButton("unpublish", "Unpublish", () =>
          changeStatus({ status: "draft" }, "Unpublished: it is a draft again."),
        ),
      );
    }
  }

  return (
    <div>
      <div className="mb-4 flex flex-wrap items-center gap-x-4 gap-y-3">
        <div className="flex min-w-0 flex-1 items-center gap-3">
          <Link
            to="/studio"
            className="shrink-0 rounded-md text-sm font-medium text-muted hover:text-ink focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent"
          >
            ← Articles
          </Link>
          <h1 className="min-w-0 truncate text-lg font-semibold tracking-tight">{title}</h1>
          <StatusBadge state={state} />
        </div>
        <p
          role="status"
          aria-live="polite"
          data-save-status
          className={`tabular text-sm ${save.error ? errorText : "text-muted"}`}
        >
          {statusText}
        </p>
        <div className="flex flex-wrap items-center gap-2">
          {actions}
          {saved && (editor || draft) && (
            <Button
              variant="ghost"
              className={errorText}
              onClick={() => setConfirmDelete(true)}
              disabled={busy}
            >
              Delete
            </Button>
          )}
        </div>
      </div>

      {save.conflict && (
        <div
          role="alert"
          className="mb-4 flex flex-wrap items-center gap-3 rounded-xl border border-amber-600/40 bg-amber-500/10 px-4 py-3 text-sm"
        >
          <p className="min-w-0 flex-1">
            This article was changed elsewhere (another tab or another person) since you opened it,
            so your latest edits were not saved. Reload it to continue; copy anything you want to
            keep first.
          </p>
          <Button variant="secondary" onClick={() => void reload()}>
            Reload the article
          </Button>
        </div>
      )}
      {notice && (
        <p
          role="status"
          className="mb-4 rounded-xl border border-accent/30 bg-accent/8 px-4 py-2.5 text-sm"
        >
          {notice}
        </p>
      )}
      {!canEdit && (
        <p className="mb-4 rounded-xl border border-line bg-surface px-4 py-2.5 text-sm text-muted">
          This article is {state}: only editors can change it now.
        </p>
      )}

      <div className="grid gap-5 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <fieldset disabled={!canEdit} className="min-w-0 space-y-4">
          <legend className="sr-only">Article</legend>
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

          <div className="rounded-xl border border-line bg-surface">
            <div className="flex items-center justify-between gap-3 border-b border-line px-4 py-2">
              <p className="text-sm font-semibold tracking-tight">Body</p>
              <div role="group" aria-label="Show" className="flex gap-1 xl:hidden">
                {(["write", "preview"] as const).map((v) => (
                  <Button
                    key={v}
                    variant={view === v ? "soft" : "ghost"}
                    className="h-8 px-3"
                    aria-pressed={view === v}
                    onClick={() => setView(v)}
                  >
                    {v === "write" ? "Write" : "Preview"}
                  </Button>
                ))}
              </div>
              <p className="hidden text-xs text-muted xl:block">Markdown · preview on the right</p>
            </div>
            <div className="grid xl:grid-cols-2">
              <div
                className={`p-4 xl:flex xl:flex-col xl:border-r xl:border-line ${view === "preview" ? "hidden" : ""}`}
              >
                <TextArea
                  label="Body (Markdown)"
                  hideLabel
                  // On wide screens the text fills the column beside a long preview.
                  className="xl:flex xl:flex-1 xl:flex-col"
                  {...field("content")}
                  spellCheck
                  placeholder="Write in Markdown: ## headings, **bold**, [links](https://…), lists, tables."
                  inputClassName="min-h-[28rem] resize-y font-mono text-[0.8125rem] leading-relaxed xl:flex-1"
                />
              </div>
              <div className={`min-w-0 p-4 sm:p-6 ${view === "write" ? "hidden xl:block" : ""}`}>
                <MarkdownPreview
                  title={form.title}
                  subTitle={form.subTitle}
                  content={form.content}
                />
              </div>
            </div>
          </div>
        </fieldset>

        <div className="min-w-0 space-y-4">
          <fieldset disabled={!canEdit} className="min-w-0 space-y-4">
            <legend className="sr-only">Details</legend>
            <Section title="Publishing">
              <TextInput
                label="Publish date (UTC)"
                type="datetime-local"
                {...field("publishDate")}
                hint={
                  editor
                    ? "In UTC. A future date with Schedule publishes it then; Publish now uses the current time."
                    : "In UTC. An editor publishes the article."
                }
              />
              <fieldset>
                <legend className="mb-1 text-[0.8125rem] font-medium">Types</legend>
                <div className="flex gap-4">
                  {ARTICLE_TYPES.map((type: ArticleType) => {
                    const checked = form.types.includes(type);
                    return (
                      <label key={type} className="inline-flex items-center gap-2 text-sm">
                        <input
                          type="checkbox"
                          checked={checked}
                          // At least one type: the last one cannot be unticked.
                          disabled={checked && form.types.length === 1}
                          onChange={() =>
                            edit({
                              types: checked
                                ? form.types.filter((t) => t !== type)
                                : ARTICLE_TYPES.filter((t) => t === type || form.types.includes(t)),
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
            </Section>
            <Section title="Terms">
              {(
                [
                  ["categories", "Categories", "e.g. DeFi, Security"],
                  ["tags", "Tags", "e.g. audits, staking"],
                  ["ecosystems", "Ecosystems", "e.g. Ethereum, Solana"],
                ] as const
              ).map(([key, label, example]) => (
                <TextInput
                  key={key}
                  label={label}
                  {...field(key)}
                  hint={`Comma-separated, ${example}`}
                />
              ))}
            </Section>
            <Section title="Thumbnail">
              <ThumbnailField
                value={form.thumbnail}
                disabled={!canEdit}
                onChange={(thumbnail) => edit({ thumbnail })}
              />
              {fieldErrors.thumbnail && (
                <p className={`text-xs ${errorText}`}>{fieldErrors.thumbnail}</p>
              )}
            </Section>
          </fieldset>
          {saved && (
            <>
              <Section title="Revisions">
                <RevisionsPanel
                  articleId={saved.id}
                  version={saved.attributes.updatedAt}
                  currentText={form.content}
                  canRestore={canEdit}
                  onRestored={(restored) => {
                    savedRef.current = restored;
                    setSaved(restored);
                    const a = restored.attributes;
                    setForm((f) => ({
                      ...f,
                      title: a.title,
                      subTitle: a.subTitle,
                      content: a.content,
                    }));
                    dispatch({ type: "saved", at: new Date().toISOString() });
                    setNotice(
                      "Restored: the text of that version is back (kept as a new revision).",
                    );
                  }}
                />
              </Section>
              <Section title="Last 30 days">
                <StatsPanel articleId={saved.id} />
              </Section>
            </>
          )}
        </div>
      </div>

      <ConfirmDialog
        open={confirmDelete}
        title="Delete this article?"
        confirmLabel="Delete article"
        busy={action === "delete"}
        onClose={() => setConfirmDelete(false)}
        onConfirm={() => void run("delete", remove)}
      >
        “{saved?.attributes.title}” goes with its revisions, comments and reactions. This cannot be
        undone.
      </ConfirmDialog>
      <ConfirmDialog
        open={blocker.state === "blocked"}
        title="Leave without saving?"
        confirmLabel="Leave"
        onClose={() => blocker.reset?.()}
        onConfirm={() => blocker.proceed?.()}
      >
        Your latest changes are not saved yet. If you leave now, they are lost.
      </ConfirmDialog>
    </div>
  );
}

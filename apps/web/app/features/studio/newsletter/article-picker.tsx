// Picks published articles for a newsletter issue (docs/product/newsletter.md#newsletter-sending):
// a title search over the studio's published articles, newest first, each with a button to choose
// or add it.
import { useId, useState } from "react";
import { Button } from "../../../components/ui/button";
import { errorText } from "../../../components/ui/danger";
import { TextInput } from "../../../components/ui/field";
import { SearchIcon } from "../../../components/ui/action-icons";
import { Skeleton } from "../../../components/ui/skeleton";
import { formatIsoDateUtc } from "../../../lib/format";
import { studioApi } from "../studio-api";
import { useStudioData } from "../use-studio-data";

/** An article an issue carries: what the picker and the list show of it. */
export interface PickedArticle {
  id: number;
  title: string;
}

/**
 * The published articles matching a title search (20, newest first; Enter or Search applies it;
 * no `<form>`, so it may sit inside another form). Each row has `pickLabel` ("Choose", "Add"),
 * which calls `onPick`; an article in `pickedIds` shows as picked instead.
 */
export function ArticlePicker({
  pickedIds,
  pickLabel,
  onPick,
}: {
  pickedIds: readonly number[];
  pickLabel: string;
  onPick: (article: PickedArticle) => void;
}) {
  const listId = useId();
  const [text, setText] = useState("");
  const [query, setQuery] = useState("");
  const state = useStudioData(query, (signal) =>
    studioApi.listArticles({ status: "published", q: query || undefined }, signal),
  );
  return (
    <div className="rounded-xl border border-line">
      <div className="flex items-end gap-2 border-b border-line p-3">
        <TextInput
          label="Search published articles"
          type="search"
          value={text}
          maxLength={200}
          placeholder="Part of a title"
          className="flex-1"
          aria-controls={listId}
          onChange={(e) => setText(e.currentTarget.value)}
          onKeyDown={(e) => {
            if (e.key !== "Enter") return;
            e.preventDefault();
            setQuery(text.trim());
          }}
        />
        <Button variant="secondary" aria-label="Search" onClick={() => setQuery(text.trim())}>
          <SearchIcon size={16} />
          <span className="hidden sm:inline">Search</span>
        </Button>
      </div>
      <div id={listId} aria-live="polite" className="max-h-80 overflow-y-auto">
        {state.kind === "loading" && (
          <div aria-busy="true" className="space-y-2 p-3">
            <span className="sr-only">Loading articles…</span>
            <Skeleton className="h-9" />
            <Skeleton className="h-9" />
            <Skeleton className="h-9" />
          </div>
        )}
        {state.kind === "error" && <p className={`p-3 text-sm ${errorText}`}>{state.message}</p>}
        {state.kind === "ready" && state.value.data.length === 0 && (
          <p className="p-3 text-sm text-muted">No published article matches.</p>
        )}
        {state.kind === "ready" && state.value.data.length > 0 && (
          <ul aria-label="Published articles" className="divide-y divide-line">
            {state.value.data.map((article) => {
              const a = article.attributes;
              const picked = pickedIds.includes(article.id);
              return (
                <li key={article.id} className="flex items-center gap-3 px-3 py-2">
                  <div className="min-w-0 flex-1">
                    <p className="truncate text-sm font-medium">{a.title}</p>
                    <p className="tabular text-xs text-muted">{formatIsoDateUtc(a.publishDate)}</p>
                  </div>
                  <Button
                    variant={picked ? "soft" : "secondary"}
                    disabled={picked}
                    aria-label={`${pickLabel} “${a.title}”`}
                    onClick={() => onPick({ id: article.id, title: a.title })}
                  >
                    {picked ? "Picked" : pickLabel}
                  </Button>
                </li>
              );
            })}
          </ul>
        )}
      </div>
    </div>
  );
}

/**
 * The articles an issue carries, in order, each with Remove (`onRemove`) unless `fixed`; `empty`
 * says what an empty list means.
 */
export function PickedArticles({
  articles,
  label,
  empty,
  onRemove,
}: {
  articles: readonly PickedArticle[];
  label: string;
  empty: string;
  onRemove?: ((id: number) => void) | undefined;
}) {
  if (articles.length === 0) {
    return (
      <p className="rounded-lg border border-dashed border-line p-3 text-sm text-muted">{empty}</p>
    );
  }
  return (
    <ol aria-label={label} className="divide-y divide-line rounded-lg border border-line">
      {articles.map((article, i) => (
        <li key={article.id} className="flex items-center gap-3 px-3 py-2 text-sm">
          <span className="tabular w-5 shrink-0 text-muted">{i + 1}.</span>
          <span className="min-w-0 flex-1 truncate font-medium">{article.title}</span>
          {onRemove && (
            <Button
              variant="ghost"
              aria-label={`Remove “${article.title}”`}
              onClick={() => onRemove(article.id)}
            >
              Remove
            </Button>
          )}
        </li>
      ))}
    </ol>
  );
}

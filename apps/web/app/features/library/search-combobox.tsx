// Search bar with a suggestions dropdown (spec §2 "Research listing", §4 Search, §5): an ARIA
// combobox over fuzzy search + populate-fuzzy, debounced, stale requests aborted.
import type { ArticleType } from "@pragmatist/contracts";
import { useEffect, useId, useRef, useState } from "react";
import { Form, useNavigate } from "react-router";
import { SearchIcon, Spinner } from "../../components/ui/icons";
import { api, isAbortError } from "../../lib/api-client";
import { formatCardDate } from "../../lib/format";
import { type CardView, SUGGESTION_PAGE_SIZE, toCardView } from "./listing";

/** Wait after the last keystroke before asking the server. */
const DEBOUNCE_MS = 150;

export interface SearchComboboxProps {
  /** Listing path the search submits to (`?q=`). */
  action: string;
  /** Number of articles, for the placeholder "Search our database of N articles". */
  count: number;
  /** Type the suggestions are limited to (populate-fuzzy `type`). */
  type?: ArticleType | undefined;
  /** The search in the URL, shown in the box. */
  initialQuery: string;
}

export function SearchCombobox({ action, count, type, initialQuery }: SearchComboboxProps) {
  const navigate = useNavigate();
  const id = useId();
  const listboxId = `${id}-listbox`;
  const optionId = (i: number) => `${id}-option-${i}`;

  const [query, setQuery] = useState(initialQuery);
  const [results, setResults] = useState<CardView[]>([]);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [pending, setPending] = useState(false);

  const root = useRef<HTMLDivElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const inFlight = useRef<AbortController | null>(null);

  // A new search in the URL (submit, back/forward, a chip) shows in the box.
  const [shownQuery, setShownQuery] = useState(initialQuery);
  if (shownQuery !== initialQuery) {
    setShownQuery(initialQuery);
    setQuery(initialQuery);
    setOpen(false);
  }

  function cancelPending() {
    clearTimeout(timer.current);
    inFlight.current?.abort();
    inFlight.current = null;
    setPending(false);
  }

  function close() {
    setOpen(false);
    setActive(-1);
  }

  /** Runs the suggestions search for `value` after the debounce (spec §5: only when non-empty). */
  function scheduleSuggestions(value: string) {
    cancelPending();
    const q = value.trim();
    if (!q) {
      setResults([]);
      close();
      return;
    }
    timer.current = setTimeout(() => {
      const controller = new AbortController();
      inFlight.current = controller;
      setPending(true);
      api
        .fuzzySearch(q, controller.signal)
        .then(({ articles }) =>
          api.populateFuzzy(
            { ids: articles.map((a) => a.id), page: 1, pageSize: SUGGESTION_PAGE_SIZE, type },
            controller.signal,
          ),
        )
        .then((page) => {
          if (controller.signal.aborted) return;
          const cards = page.data.map(toCardView);
          setResults(cards);
          setActive(-1);
          setOpen(cards.length > 0);
        })
        .catch((error: unknown) => {
          // Spec §8: a fuzzy search failure is logged; the box keeps working without suggestions.
          if (!isAbortError(error)) console.error("Fuzzy search failed", error);
        })
        .finally(() => {
          if (inFlight.current === controller) {
            inFlight.current = null;
            setPending(false);
          }
        });
    }, DEBOUNCE_MS);
  }

  /** Opens a suggestion: the article's page, with its title in the box (spec §2). */
  function choose(article: CardView) {
    cancelPending();
    setQuery(article.title);
    close();
    void navigate(`/p/${article.slug}`);
  }

  // An outside click hides the dropdown (spec §2).
  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) close();
    };
    document.addEventListener("pointerdown", onPointerDown);
    return () => document.removeEventListener("pointerdown", onPointerDown);
  }, [open]);

  // Keep the highlighted option in view while arrowing through a long list.
  useEffect(() => {
    if (active >= 0)
      document.getElementById(optionId(active))?.scrollIntoView({ block: "nearest" });
    // optionId depends only on the stable id.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [active]);

  useEffect(() => () => cancelPending(), []);

  // The server's box takes typing before the scripts have run (they start after the first paint):
  // hydration leaves that text in place, and the state adopts it, or the next render would clear it.
  useEffect(() => {
    const typed = input.current?.value;
    if (typed !== undefined && typed !== initialQuery) setQuery(typed);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const expanded = open && results.length > 0;

  return (
    <div ref={root} className="relative w-full">
      <Form
        role="search"
        method="get"
        action={action}
        onSubmit={(event) => {
          // Enter submits the search and hides the dropdown (spec §2); an empty box clears it.
          event.preventDefault();
          cancelPending();
          close();
          const q = query.trim();
          void navigate(q ? `${action}?q=${encodeURIComponent(q)}` : action);
        }}
      >
        <label htmlFor={`${id}-input`} className="sr-only">
          Search articles
        </label>
        <div className="relative">
          <SearchIcon
            size={18}
            className="pointer-events-none absolute top-1/2 left-3.5 -translate-y-1/2 text-muted"
          />
          <input
            ref={input}
            id={`${id}-input`}
            name="q"
            type="search"
            role="combobox"
            autoComplete="off"
            spellCheck={false}
            maxLength={200}
            aria-autocomplete="list"
            aria-expanded={expanded}
            aria-controls={listboxId}
            aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
            placeholder={`Search our database of ${count} articles`}
            value={query}
            onChange={(event) => {
              setQuery(event.target.value);
              scheduleSuggestions(event.target.value);
            }}
            onClick={() => {
              // Spec §2: clicking the input clears the query.
              if (!query) return;
              cancelPending();
              setQuery("");
              setResults([]);
              close();
            }}
            onKeyDown={(event) => {
              if (event.key === "ArrowDown" || event.key === "ArrowUp") {
                if (results.length === 0) return;
                event.preventDefault();
                const step = event.key === "ArrowDown" ? 1 : -1;
                setOpen(true);
                setActive((i) =>
                  !expanded || i < 0
                    ? step === 1
                      ? 0
                      : results.length - 1
                    : wrap(i + step, results.length),
                );
              } else if (event.key === "Enter") {
                const chosen = expanded && active >= 0 ? results[active] : undefined;
                if (chosen) {
                  event.preventDefault();
                  choose(chosen);
                }
                // Otherwise the form submits.
              } else if (event.key === "Escape") {
                if (expanded) {
                  event.preventDefault();
                  close();
                }
              } else if (event.key === "Tab") {
                close();
              }
            }}
            className="h-11 w-full rounded-lg border border-line bg-surface pr-10 pl-10 text-[0.9375rem] text-ink shadow-xs placeholder:text-muted/80 hover:border-muted/50 focus:border-accent focus:outline-2 focus:outline-accent/25 [&::-webkit-search-cancel-button]:hidden"
          />
          {pending && (
            <Spinner size={16} className="absolute top-1/2 right-3.5 -translate-y-1/2 text-muted" />
          )}
        </div>
      </Form>
      <ul
        id={listboxId}
        role="listbox"
        aria-label="Suggested articles"
        hidden={!expanded}
        className="absolute inset-x-0 top-full z-30 mt-1.5 max-h-[min(26rem,60vh)] overflow-y-auto overscroll-contain rounded-xl border border-line bg-surface p-1.5 shadow-xl"
      >
        {results.map((article, i) => (
          <li
            key={article.id}
            id={optionId(i)}
            role="option"
            aria-selected={i === active}
            // Keep focus in the input while clicking an option.
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => choose(article)}
            onMouseMove={() => setActive(i)}
            className={`flex cursor-pointer items-center gap-3 rounded-lg px-2.5 py-2 ${
              i === active ? "bg-accent/10" : ""
            }`}
          >
            {article.thumbnail ? (
              <img
                src={article.thumbnail.url}
                alt=""
                width={64}
                height={36}
                loading="lazy"
                className="h-9 w-16 shrink-0 rounded object-cover"
              />
            ) : (
              <span className="h-9 w-16 shrink-0 rounded bg-line" />
            )}
            <span className="min-w-0">
              <span className="block truncate text-sm font-medium text-ink">{article.title}</span>
              <span className="tabular block text-xs text-muted">
                {article.label} · {formatCardDate(article.publishDate)}
              </span>
            </span>
          </li>
        ))}
      </ul>
      <p role="status" className="sr-only">
        {expanded
          ? `${results.length} suggestion${results.length === 1 ? "" : "s"}; use the up and down arrows to choose.`
          : ""}
      </p>
    </div>
  );
}

/** Index `i` moved into 0..length-1, wrapping at both ends. */
function wrap(i: number, length: number): number {
  return ((i % length) + length) % length;
}

// State of the search box's combobox (docs/product.md#listing-search): the query, the debounced
// suggestions with stale requests aborted, the open list and its highlighted option.
import {
  type FormEvent,
  type KeyboardEvent,
  type RefObject,
  useEffect,
  useId,
  useRef,
  useState,
} from "react";
import { useNavigate } from "react-router";
import { isAbortError } from "../../lib/fetch-json";
import { type CardView, fetchSuggestions } from "./listing";

/** Wait after the last keystroke before asking the server. */
const DEBOUNCE_MS = 150;

/**
 * The suggestions and whether a request for them is pending. `schedule(q, onArrive)` asks after
 * the debounce and hands the cards to `onArrive`; `cancel()` drops a scheduled or running
 * request (and runs on unmount). Suggestions come from the whole publication; a failed search is
 * logged and leaves the box working (docs/product.md#listing-search).
 */
function useSuggestions() {
  const [results, setResults] = useState<CardView[]>([]);
  const [pending, setPending] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const inFlight = useRef<AbortController | null>(null);

  function cancel() {
    clearTimeout(timer.current);
    inFlight.current?.abort();
    inFlight.current = null;
    setPending(false);
  }

  function schedule(q: string, onArrive: (cards: CardView[]) => void) {
    timer.current = setTimeout(() => {
      const controller = new AbortController();
      inFlight.current = controller;
      setPending(true);
      fetchSuggestions(q, controller.signal)
        .then((cards) => {
          if (controller.signal.aborted) return;
          setResults(cards);
          onArrive(cards);
        })
        .catch((error: unknown) => {
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

  useEffect(() => () => cancel(), []);
  return { results, pending, cancel, schedule, clear: () => setResults([]) };
}

/** Index `i` moved into 0..length-1, wrapping at both ends. */
function wrap(i: number, length: number): number {
  return ((i % length) + length) % length;
}

/**
 * The option an arrow key highlights among `length` options: from a closed list or no highlight
 * (-1), the first (ArrowDown, `step` 1) or the last (ArrowUp, -1); else the next one, wrapping.
 */
function nextActive(current: number, step: 1 | -1, expanded: boolean, length: number) {
  if (!expanded || current < 0) return step === 1 ? 0 : length - 1;
  return wrap(current + step, length);
}

/** Whether the list is open, its highlighted option (-1: none), and the moves between them. */
function useListbox(length: number) {
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const expanded = open && length > 0;
  return {
    active,
    setActive,
    open,
    setOpen,
    /** The list is open and has options: what `aria-expanded` says. */
    expanded,
    close() {
      setOpen(false);
      setActive(-1);
    },
    /** An arrow key: opens the list and moves the highlight (see nextActive). */
    move(step: 1 | -1) {
      setOpen(true);
      setActive((i) => nextActive(i, step, expanded, length));
    },
  };
}

/**
 * Runs `onOutside` on a pointer press outside `root` while `open` (it hides the list,
 * docs/product.md#listing-search).
 */
function useOutsidePress(
  root: RefObject<HTMLElement | null>,
  open: boolean,
  onOutside: () => void,
) {
  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) onOutside();
    };
    document.addEventListener("pointerdown", onPointerDown);
    return () => document.removeEventListener("pointerdown", onPointerDown);
    // onOutside only sets state; the listener lives while the list is open.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);
}

/** Keeps the highlighted option in view while arrowing through a long list. */
function useActiveInView(active: number, optionId: (i: number) => string) {
  useEffect(() => {
    if (active >= 0)
      document.getElementById(optionId(active))?.scrollIntoView({ block: "nearest" });
    // optionId depends only on the stable id.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [active]);
}

/**
 * The box's text. A new search in the URL (submit, back/forward, a chip) replaces it and calls
 * `onNewSearch`. The server's box takes typing before the scripts have run (they start after the
 * first paint): hydration leaves that text in place, and the state adopts it, or the next render
 * would clear it.
 */
function useQueryText(
  initialQuery: string,
  input: RefObject<HTMLInputElement | null>,
  onNewSearch: () => void,
) {
  const [query, setQuery] = useState(initialQuery);
  const [shownQuery, setShownQuery] = useState(initialQuery);
  if (shownQuery !== initialQuery) {
    setShownQuery(initialQuery);
    setQuery(initialQuery);
    onNewSearch();
  }
  useEffect(() => {
    const typed = input.current?.value;
    if (typed !== undefined && typed !== initialQuery) setQuery(typed);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return [query, setQuery] as const;
}

/**
 * The keys of the box (WAI-ARIA combobox pattern): the arrows open the list and move the
 * highlight, Enter opens the highlighted article (without one the form submits), Escape closes
 * an open list, Tab closes it and moves on.
 */
function onComboboxKey(
  event: KeyboardEvent<HTMLInputElement>,
  listbox: ReturnType<typeof useListbox>,
  results: CardView[],
  choose: (article: CardView) => void,
) {
  const { key } = event;
  if (key === "ArrowDown" || key === "ArrowUp") {
    if (results.length === 0) return;
    event.preventDefault();
    listbox.move(key === "ArrowDown" ? 1 : -1);
  } else if (key === "Enter") {
    const chosen = listbox.expanded && listbox.active >= 0 ? results[listbox.active] : undefined;
    if (chosen) {
      event.preventDefault();
      choose(chosen);
    }
  } else if (key === "Escape") {
    if (listbox.expanded) {
      event.preventDefault();
      listbox.close();
    }
  } else if (key === "Tab") {
    listbox.close();
  }
}

/** What {@link useSearchCombobox} needs: the listing it searches and the search in the URL. */
export interface SearchComboboxOptions {
  /** Listing path the search submits to (`?q=`). */
  action: string;
  /** The search in the URL; a new one replaces the box's text and closes the list. */
  initialQuery: string;
}

/**
 * Clicking into the box empties it (docs/product.md#listing-search), on the click that focuses it
 * only: a click in the box that has the focus moves the caret and keeps the query (issue 26 item
 * 19). @returns the box's pointer-down and click handlers.
 */
function useClearOnFocusingClick(input: RefObject<HTMLInputElement | null>, clear: () => void) {
  /** Whether the box had the focus when the pointer went down on it. */
  const focusedBefore = useRef(false);
  return {
    onPointerDown: () => {
      focusedBefore.current = document.activeElement === input.current;
    },
    onClick: () => {
      if (!focusedBefore.current) clear();
    },
  };
}

/**
 * The combobox's state and handlers (docs/product.md#listing-search). Typing asks for suggestions
 * (only for non-empty text); Enter on a highlighted option opens that article with its title in
 * the box, Enter otherwise submits the search (an empty box clears it); Escape and Tab close the
 * list; a click in the box clears it.
 */
export function useSearchCombobox({ action, initialQuery }: SearchComboboxOptions) {
  const navigate = useNavigate();
  const id = useId();
  const suggestions = useSuggestions();
  const { results } = suggestions;
  const listbox = useListbox(results.length);
  const root = useRef<HTMLDivElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const [query, setQuery] = useQueryText(initialQuery, input, () => listbox.setOpen(false));
  const optionId = (i: number) => `${id}-option-${i}`;
  useOutsidePress(root, listbox.open, listbox.close);
  useActiveInView(listbox.active, optionId);

  /**
   * Opens a suggestion: the article's page, with its title in the box
   * (docs/product.md#listing-search).
   */
  function choose(article: CardView) {
    suggestions.cancel();
    setQuery(article.title);
    listbox.close();
    void navigate(`/p/${article.slug}`);
  }

  function onChange(value: string) {
    setQuery(value);
    suggestions.cancel();
    const q = value.trim();
    if (!q) {
      suggestions.clear();
      listbox.close();
      return;
    }
    suggestions.schedule(q, (cards) => {
      listbox.setActive(-1);
      listbox.setOpen(cards.length > 0);
    });
  }

  const clearing = useClearOnFocusingClick(input, () => {
    if (!query) return;
    suggestions.cancel();
    setQuery("");
    suggestions.clear();
    listbox.close();
  });

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    suggestions.cancel();
    listbox.close();
    const q = query.trim();
    void navigate(q ? `${action}?q=${encodeURIComponent(q)}` : action);
  }

  return {
    id,
    optionId,
    root,
    input,
    query,
    results,
    pending: suggestions.pending,
    active: listbox.active,
    expanded: listbox.expanded,
    highlight: listbox.setActive,
    choose,
    onChange,
    ...clearing,
    onKeyDown: (event: KeyboardEvent<HTMLInputElement>) =>
      onComboboxKey(event, listbox, results, choose),
    onSubmit,
  };
}

// State of the search box's combobox (docs/product/reader.md#listing-search): downshift's
// useCombobox keeps the text, the open list and its highlighted option and handles the keys and the
// pointer (WAI-ARIA combobox pattern); ours are the debounced suggestions with stale requests
// aborted, the search in the URL and the click that clears the box.
import { useCombobox, type UseComboboxState, type UseComboboxStateChangeOptions } from "downshift";
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
 * logged and leaves the box working (docs/product/reader.md#listing-search).
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

const { stateChangeTypes } = useCombobox;

/**
 * Our rules over downshift's state changes (docs/product/reader.md#listing-search): typing never
 * opens the list (the suggestions' arrival does) and an emptied box closes it; a blur (Tab, a press
 * outside) closes it without choosing the highlighted article; a click in the box neither opens
 * nor closes it (it clears the box, or moves the caret).
 */
function stateReducer(
  state: UseComboboxState<CardView>,
  { type, changes }: UseComboboxStateChangeOptions<CardView>,
): Partial<UseComboboxState<CardView>> {
  switch (type) {
    case stateChangeTypes.InputChange:
      return { ...changes, isOpen: state.isOpen && Boolean(changes.inputValue?.trim()) };
    case stateChangeTypes.InputBlur:
      return { ...changes, inputValue: state.inputValue, selectedItem: state.selectedItem };
    case stateChangeTypes.InputClick:
      return state;
    default:
      return changes;
  }
}

/**
 * The keys downshift leaves to the browser here: Enter without a highlighted article submits the
 * search, Escape on a closed list, Home and End (the caret's, per the WAI-ARIA combobox pattern),
 * and the arrows while there are no suggestions.
 */
function keepBrowserKey(
  event: KeyboardEvent<HTMLInputElement>,
  open: boolean,
  highlighted: number,
  count: number,
) {
  const { key } = event;
  const browsers =
    (key === "Enter" && (!open || highlighted < 0)) ||
    (key === "Escape" && !open) ||
    key === "Home" ||
    key === "End" ||
    ((key === "ArrowDown" || key === "ArrowUp") && count === 0);
  if (browsers) {
    (event.nativeEvent as { preventDownshiftDefault?: boolean }).preventDownshiftDefault = true;
  }
}

/**
 * A new search in the URL (submit, back/forward, a chip) replaces the box's text via `setText` and
 * calls `onNewSearch`.
 */
function useUrlQuery(
  initialQuery: string,
  setText: (text: string) => void,
  onNewSearch: () => void,
) {
  const [shownQuery, setShownQuery] = useState(initialQuery);
  if (shownQuery !== initialQuery) {
    setShownQuery(initialQuery);
    setText(initialQuery);
    onNewSearch();
  }
}

/**
 * What the reader did in the server's box before this code mounted (its chunk comes after the
 * page hydrates: docs/product/reader.md#listing-search). Hydration keeps the server's input, with
 * its focus, caret and any text typed in it: text other than the URL's query is adopted (the state
 * takes it with `setText`, or the next render would clear it, and `onTyped` asks its suggestions
 * at once, without another key); the URL's query, in a box a press focused meanwhile
 * (`pressedBeforeMount`), is `empty`ed, as a click into the box empties it once it works. Runs
 * once, on mount.
 */
function useTakeOver(
  input: RefObject<HTMLInputElement | null>,
  initialQuery: string,
  pressedBeforeMount: () => boolean,
  actions: { setText: (text: string) => void; onTyped: (text: string) => void; empty: () => void },
) {
  useEffect(() => {
    const box = input.current;
    const pressed = pressedBeforeMount();
    if (!box) return;
    if (box.value !== initialQuery) {
      actions.setText(box.value);
      actions.onTyped(box.value);
    } else if (pressed && document.activeElement === box) actions.empty();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
}

/** What {@link useSearchCombobox} needs: the listing it searches and the search in the URL. */
export interface SearchComboboxOptions {
  /** Listing path the search submits to (`?q=`). */
  action: string;
  /** The search in the URL; a new one replaces the box's text and closes the list. */
  initialQuery: string;
  /**
   * Asked once, when the box mounts: whether a press went down on its input, not focused then,
   * before the box's code had come (`usePressBeforeMount`); none when it is not told.
   */
  pressedBeforeMount?: () => boolean;
}

/**
 * Clicking into the box empties it (docs/product/reader.md#listing-search), on the click that
 * focuses it only: a click in the box that has the focus moves the caret and keeps the query (issue
 * 26 item 19). @returns the box's pointer-down and click handlers.
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
 * The combobox's state and prop getters (docs/product/reader.md#listing-search). Typing asks for
 * suggestions (only for non-empty text) and their arrival opens the list with nothing
 * highlighted; the arrows open it and move the highlight, wrapping; Enter on a highlighted option
 * (or a click on one) opens that article with its title in the box, Enter otherwise submits the
 * search (an empty box clears it); Escape, Tab and a press outside close the list; a click into
 * the box clears it. @returns downshift's getters for the label, input, listbox and options, its
 * state, the suggestions and whether they are pending, and the form's submit handler.
 */
export function useSearchCombobox({
  action,
  initialQuery,
  pressedBeforeMount = () => false,
}: SearchComboboxOptions) {
  const navigate = useNavigate();
  const suggestions = useSuggestions();
  const { results } = suggestions;
  const input = useRef<HTMLInputElement>(null);
  const combobox = useCombobox<CardView>({
    id: useId(),
    items: results,
    itemToString: (article) => article?.title ?? "",
    itemToKey: (article) => article?.id,
    initialInputValue: initialQuery,
    // Choosing an article opens it; nothing stays selected, so the same one can be chosen again.
    selectedItem: null,
    stateReducer,
    onSelectedItemChange: ({ selectedItem }) => {
      if (!selectedItem) return;
      suggestions.cancel();
      void navigate(`/p/${selectedItem.slug}`);
    },
    onInputValueChange: ({ type, inputValue }) => {
      if (type === stateChangeTypes.InputChange) onTyped(inputValue ?? "");
    },
  });
  const {
    inputValue: query,
    isOpen,
    highlightedIndex,
    setInputValue,
    openMenu,
    closeMenu,
  } = combobox;
  useUrlQuery(initialQuery, setInputValue, closeMenu);

  function onTyped(value: string) {
    suggestions.cancel();
    const q = value.trim();
    if (!q) {
      suggestions.clear();
      closeMenu();
      return;
    }
    suggestions.schedule(q, (cards) => (cards.length > 0 ? openMenu() : closeMenu()));
  }

  function empty() {
    if (!query) return;
    suggestions.cancel();
    setInputValue("");
    suggestions.clear();
    closeMenu();
  }
  const clearing = useClearOnFocusingClick(input, empty);
  useTakeOver(input, initialQuery, pressedBeforeMount, { setText: setInputValue, onTyped, empty });

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    suggestions.cancel();
    closeMenu();
    const q = query.trim();
    void navigate(q ? `${action}?q=${encodeURIComponent(q)}` : action);
  }

  return {
    ...combobox,
    input,
    results,
    pending: suggestions.pending,
    /** The list is open and has options: what `aria-expanded` says. */
    expanded: isOpen && results.length > 0,
    ...clearing,
    onKeyDown: (event: KeyboardEvent<HTMLInputElement>) =>
      keepBrowserKey(event, isOpen, highlightedIndex, results.length),
    onSubmit,
  };
}

// Mention suggestions under the composer's box (docs/product/reader.md#mentions): typing `@` and
// letters lists the members one may mention under the article, from
// GET /api/comment-manager/comments/{slug}/mentions. downshift's useCombobox gives the WAI-ARIA
// combobox pattern (the box keeps the focus; its active option is aria-activedescendant); ours
// are the `@letters` at the caret, the debounced and aborted requests, and putting the name in
// place. The box stays the composer's element: it hands its keys and caret here. A chunk of its
// own, loaded when the box is first focused (composer.tsx), so neither it nor downshift is in the
// article page's initial JavaScript.
import type { MentionSuggestion } from "@pragmatist/contracts";
import { useCombobox, type UseComboboxReturnValue } from "downshift";
import {
  type KeyboardEvent,
  type RefObject,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
} from "react";
import { Avatar } from "../../components/ui/avatar.tsx";
import { isAbortError } from "../../lib/fetch-json.ts";
import { commentsApi } from "./comments-api.ts";
import { insertMention, type MentionQuery, mentionQueryAt } from "./mention-query.ts";

/** Wait after the last keystroke before asking the server. */
export const MENTION_DEBOUNCE_MS = 250;

/**
 * What the composer's box hands on to the suggestions: its keys, its caret after each change or
 * move, and its blur. The box stays the composer's own element; these are set once the chunk has
 * come (and the box's combobox ARIA with them).
 */
export interface MentionHandlers {
  onKeyDown: (event: KeyboardEvent<HTMLTextAreaElement>) => void;
  track: (field: HTMLTextAreaElement) => void;
  onBlur: () => void;
}

/** What the suggestions are given: the composer's box, its label, its text and the article. */
export interface MentionFieldProps {
  handlers: RefObject<MentionHandlers | null>;
  fieldRef: RefObject<HTMLTextAreaElement | null>;
  /** The ids of the box and of its label, which names the list too. */
  inputId: string;
  labelId: string;
  value: string;
  onText: (text: string) => void;
  /** The article the comment is written under: whom one may mention there. */
  slug: string;
}

/**
 * The suggestions for `query` under `slug`, asked `MENTION_DEBOUNCE_MS` after it last changed, a
 * newer query aborting the request of an older one; answers are kept by letters, so going back
 * over them asks nothing. `for` is the letters the `items` answer (null before any answer).
 */
function useMentionSuggestions(slug: string, q: string | null) {
  const [answer, setAnswer] = useState<{ for: string; items: MentionSuggestion[] } | null>(null);
  const known = useRef(new Map<string, MentionSuggestion[]>());
  useEffect(() => {
    if (q === null) return;
    const key = q.toLowerCase();
    const kept = known.current.get(key);
    if (kept) {
      setAnswer({ for: q, items: kept });
      return;
    }
    const controller = new AbortController();
    const timer = setTimeout(() => {
      commentsApi
        .mentions(slug, q, controller.signal)
        .then((items) => {
          known.current.set(key, items);
          setAnswer({ for: q, items });
        })
        .catch((error: unknown) => {
          if (!isAbortError(error)) console.error("Mention suggestions failed", error);
        });
    }, MENTION_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [slug, q]);
  return answer !== null && answer.for === q ? answer.items : null;
}

/**
 * The keys downshift handles while the list is open (Enter only on a highlighted name); every
 * other key, and every key while it is closed, is the browser's: a textarea's caret and lines.
 */
const DOWNSHIFT_KEYS = new Set(["ArrowDown", "ArrowUp", "Escape", "Enter"]);

/** The ARIA of a combobox, which the box carries only while its list is open. */
const COMBOBOX_ARIA = [
  "role",
  "aria-autocomplete",
  "aria-expanded",
  "aria-controls",
  "aria-activedescendant",
  "aria-labelledby",
] as const;

/**
 * The list under the box (the composer's box sits in a `relative` wrapper): each member's picture (or initials) and name, the highlighted one
 * tinted, or "No member by that name here"; rendered empty and hidden while closed (downshift
 * needs its element).
 */
function MentionList({
  combobox,
  open,
  items,
}: {
  combobox: UseComboboxReturnValue<MentionSuggestion>;
  open: boolean;
  items: MentionSuggestion[];
}) {
  return (
    <>
      <ul
        {...combobox.getMenuProps()}
        hidden={!open}
        className="absolute inset-x-0 top-full z-20 mt-1 max-h-72 overflow-y-auto rounded-lg border border-line bg-surface py-1 shadow-lg sm:right-auto sm:min-w-72"
      >
        {open && items.length === 0 && (
          <li role="presentation" className="px-3 py-2 text-sm text-muted">
            No member by that name here
          </li>
        )}
        {open &&
          items.map((member, index) => (
            <li
              key={member.id}
              {...combobox.getItemProps({ item: member, index })}
              className={`flex cursor-pointer items-center gap-2 px-3 py-2 text-sm text-ink ${
                combobox.highlightedIndex === index ? "bg-accent/10" : ""
              }`}
            >
              <Avatar name={member.username} url={member.avatar} size={24} />
              <span className="truncate">{member.username}</span>
            </li>
          ))}
      </ul>
    </>
  );
}

/**
 * Puts the caret after a name once it is in (`nextCaret`, set before the text changes), and reads
 * where it is when the suggestions first mount on a focused box.
 */
function useCaretPlacement(
  fieldRef: RefObject<HTMLTextAreaElement | null>,
  track: (field: HTMLTextAreaElement) => void,
) {
  const nextCaret = useRef<number | null>(null);
  useLayoutEffect(() => {
    const field = fieldRef.current;
    if (field && field === document.activeElement) track(field);
    // Once, when the chunk has come.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  useLayoutEffect(() => {
    if (nextCaret.current === null) return;
    fieldRef.current?.setSelectionRange(nextCaret.current, nextCaret.current);
    nextCaret.current = null;
  });
  return nextCaret;
}

/**
 * Gives the box downshift's input ref and, while the list is open, the combobox ARIA of
 * `inputProps` (role, aria-expanded, aria-controls, aria-activedescendant…); closed, the box is a
 * plain textarea again.
 */
function useBoxAria(
  fieldRef: RefObject<HTMLTextAreaElement | null>,
  inputProps: Record<string, unknown>,
  open: boolean,
) {
  useLayoutEffect(() => {
    const field = fieldRef.current;
    if (!field) return;
    (inputProps.ref as (element: HTMLElement | null) => void)(field);
    for (const name of COMBOBOX_ARIA) {
      const value = inputProps[name];
      if (open && value !== undefined) field.setAttribute(name, String(value));
      else field.removeAttribute(name);
    }
    if (open) field.setAttribute("aria-multiline", "true");
    else field.removeAttribute("aria-multiline");
  });
}

/**
 * The mention list of the composer's box (docs/product/reader.md#mentions): `@` and letters at
 * the caret open it once the server has answered (up to 8 names with their pictures, or "No
 * member by that name here"); ↑ ↓ move, Enter, Tab or a click put `@Username ` in place of the
 * letters, Escape closes it for those letters, and the focus never leaves the box. Closed, the
 * box is a plain textarea: every key is the browser's.
 */
export default function MentionField(props: MentionFieldProps) {
  const { handlers, fieldRef, inputId, labelId, value, onText, slug } = props;
  const [caret, setCaret] = useState<number | null>(null);
  const [dismissed, setDismissed] = useState<number | null>(null);
  // Where the caret is after any change or move (a selection: no mention is being typed).
  const track = (field: HTMLTextAreaElement) =>
    setCaret(field.selectionStart === field.selectionEnd ? field.selectionEnd : null);
  const nextCaret = useCaretPlacement(fieldRef, track);
  const query: MentionQuery | null = caret === null ? null : mentionQueryAt(value, caret);
  const items = useMentionSuggestions(slug, query && query.q !== "" ? query.q : null);
  const open =
    query !== null &&
    query.start !== dismissed &&
    items !== null &&
    (items.length > 0 || !query.q.includes(" "));
  // The first name is highlighted whenever a new answer shows (Enter takes it).
  const [highlighted, setHighlighted] = useState({ items, index: 0 });
  if (highlighted.items !== items) setHighlighted({ items, index: 0 });

  function choose(member: MentionSuggestion) {
    if (!query) return;
    const next = insertMention(value, query, member.username);
    nextCaret.current = next.caret;
    setDismissed(query.start);
    setCaret(next.caret);
    onText(next.text);
  }

  const combobox = useCombobox<MentionSuggestion>({
    items: items ?? [],
    isOpen: open,
    selectedItem: null,
    inputId,
    labelId,
    highlightedIndex: open ? highlighted.index : -1,
    onHighlightedIndexChange: ({ highlightedIndex }) =>
      setHighlighted({ items, index: highlightedIndex ?? -1 }),
    itemToString: (member) => member?.username ?? "",
    itemToKey: (member: MentionSuggestion | null) => member?.id,
    onSelectedItemChange: ({ selectedItem }) => selectedItem && choose(selectedItem),
    onIsOpenChange: ({ isOpen }) => {
      if (!isOpen && query) setDismissed(query.start);
    },
  });
  const inputProps: Record<string, unknown> = combobox.getInputProps();
  useBoxAria(fieldRef, inputProps, open);

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    const choice = items?.[combobox.highlightedIndex];
    if (open && event.key === "Tab" && choice) {
      event.preventDefault();
      choose(choice);
      return;
    }
    if (!open || !DOWNSHIFT_KEYS.has(event.key) || (event.key === "Enter" && !choice)) return;
    (inputProps.onKeyDown as (event: KeyboardEvent<HTMLTextAreaElement>) => void)(event);
  }
  useLayoutEffect(() => {
    handlers.current = { onKeyDown, track, onBlur: () => setCaret(null) };
  });

  return <MentionList combobox={combobox} open={open} items={items ?? []} />;
}

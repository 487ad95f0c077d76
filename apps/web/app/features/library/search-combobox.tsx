// Search bar with a suggestions dropdown (docs/product/reader.md#listing-search): an ARIA combobox
// over fuzzy search + populate-fuzzy, debounced, stale requests aborted.
import { Form } from "react-router";
import { SearchIcon, Spinner } from "../../components/ui/action-icons";
import { formatCardDate } from "../../lib/format";
import type { CardView } from "./listing";
import { useSearchCombobox } from "./use-search-combobox";

/** Where the box searches, what it says, and the search it starts from. */
export interface SearchComboboxProps {
  /** Listing path the search submits to (`?q=`). */
  action: string;
  /** Number of articles, for the placeholder "Search our database of N articles". */
  count: number;
  /** The search in the URL, shown in the box. */
  initialQuery: string;
  /** A press on the server's box before this code came (`SearchComboboxOptions`). */
  pressedBeforeMount?: () => boolean;
}

type Combobox = ReturnType<typeof useSearchCombobox>;

/**
 * The listing's search box: a GET form to `action` (it works without JavaScript) whose input is a
 * combobox with a listbox of suggested articles under it and a screen-reader status of their
 * number. Behaviour: {@link useSearchCombobox}.
 */
export function SearchCombobox({
  action,
  count,
  initialQuery,
  pressedBeforeMount,
}: SearchComboboxProps) {
  const box = useSearchCombobox({ action, initialQuery, pressedBeforeMount });
  const { results, expanded } = box;
  return (
    <div className="relative w-full">
      <Form role="search" method="get" action={action} onSubmit={box.onSubmit}>
        <label {...box.getLabelProps()} className="sr-only">
          Search articles
        </label>
        <div className="relative">
          <SearchIcon
            size={18}
            className="pointer-events-none absolute top-1/2 left-3.5 -translate-y-1/2 text-muted"
          />
          <SearchInput box={box} count={count} />
          {box.pending && (
            <Spinner size={16} className="absolute top-1/2 right-3.5 -translate-y-1/2 text-muted" />
          )}
        </div>
      </Form>
      <ul
        {...box.getMenuProps({ "aria-label": "Suggested articles" })}
        hidden={!expanded}
        className="absolute inset-x-0 top-full z-30 mt-1.5 max-h-[min(26rem,60vh)] overflow-y-auto overscroll-contain rounded-xl border border-line bg-surface p-1.5 shadow-xl"
      >
        {results.map((article, i) => (
          <SuggestionOption
            key={article.id}
            article={article}
            active={i === box.highlightedIndex}
            optionProps={box.getItemProps({ item: article, index: i })}
          />
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

/**
 * The combobox input itself; downshift's getter ties it to the listbox and its highlighted option
 * (role, aria-expanded, aria-controls, aria-activedescendant) and gives it its value and keys.
 */
function SearchInput({ box, count }: { box: Combobox; count: number }) {
  return (
    <input
      {...box.getInputProps({
        ref: box.input,
        onPointerDown: box.onPointerDown,
        onClick: box.onClick,
        onKeyDown: box.onKeyDown,
      })}
      name="q"
      type="search"
      spellCheck={false}
      maxLength={200}
      placeholder={`Search our database of ${count} articles`}
      className="h-11 w-full rounded-lg border border-line bg-surface pr-10 pl-10 text-[0.9375rem] text-ink shadow-xs placeholder:text-muted/80 hover:border-muted/50 focus:border-accent focus:outline-2 focus:outline-accent/25 [&::-webkit-search-cancel-button]:hidden"
    />
  );
}

/**
 * One suggestion: thumbnail (or an empty box), title, label and date. `optionProps` are
 * downshift's (role, id, aria-selected, the pointer's hover and click, focus kept in the input).
 */
function SuggestionOption({
  article,
  active,
  optionProps,
}: {
  article: CardView;
  /** Highlighted (by the arrows or the pointer). */
  active: boolean;
  optionProps: ReturnType<Combobox["getItemProps"]>;
}) {
  return (
    <li
      {...optionProps}
      className={`flex cursor-pointer items-center gap-3 rounded-lg px-2.5 py-2 ${
        active ? "bg-accent/10" : ""
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
  );
}

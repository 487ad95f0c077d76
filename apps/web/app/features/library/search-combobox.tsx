// Search bar with a suggestions dropdown (docs/product.md#listing-search): an ARIA combobox over
// fuzzy search + populate-fuzzy, debounced, stale requests aborted.
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
}

type Combobox = ReturnType<typeof useSearchCombobox>;

/**
 * The listing's search box: a GET form to `action` (it works without JavaScript) whose input is a
 * combobox with a listbox of suggested articles under it and a screen-reader status of their
 * number. Behaviour: {@link useSearchCombobox}.
 */
export function SearchCombobox({ action, count, initialQuery }: SearchComboboxProps) {
  const box = useSearchCombobox({ action, initialQuery });
  const { results, expanded } = box;
  return (
    <div ref={box.root} className="relative w-full">
      <Form role="search" method="get" action={action} onSubmit={box.onSubmit}>
        <label htmlFor={`${box.id}-input`} className="sr-only">
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
        id={`${box.id}-listbox`}
        role="listbox"
        aria-label="Suggested articles"
        hidden={!expanded}
        className="absolute inset-x-0 top-full z-30 mt-1.5 max-h-[min(26rem,60vh)] overflow-y-auto overscroll-contain rounded-xl border border-line bg-surface p-1.5 shadow-xl"
      >
        {results.map((article, i) => (
          <SuggestionOption
            key={article.id}
            id={box.optionId(i)}
            article={article}
            active={i === box.active}
            onChoose={() => box.choose(article)}
            onHover={() => box.highlight(i)}
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

/** The combobox input itself, tied to the listbox and its highlighted option. */
function SearchInput({ box, count }: { box: Combobox; count: number }) {
  const { expanded, active } = box;
  return (
    <input
      ref={box.input}
      id={`${box.id}-input`}
      name="q"
      type="search"
      role="combobox"
      autoComplete="off"
      spellCheck={false}
      maxLength={200}
      aria-autocomplete="list"
      aria-expanded={expanded}
      aria-controls={`${box.id}-listbox`}
      aria-activedescendant={expanded && active >= 0 ? box.optionId(active) : undefined}
      placeholder={`Search our database of ${count} articles`}
      value={box.query}
      onChange={(event) => box.onChange(event.target.value)}
      onPointerDown={box.onPointerDown}
      onClick={box.onClick}
      onKeyDown={box.onKeyDown}
      className="h-11 w-full rounded-lg border border-line bg-surface pr-10 pl-10 text-[0.9375rem] text-ink shadow-xs placeholder:text-muted/80 hover:border-muted/50 focus:border-accent focus:outline-2 focus:outline-accent/25 [&::-webkit-search-cancel-button]:hidden"
    />
  );
}

/** One suggestion: thumbnail (or an empty box), title, label and date. */
function SuggestionOption({
  id,
  article,
  active,
  onChoose,
  onHover,
}: {
  id: string;
  article: CardView;
  /** Highlighted (by the arrows or the pointer). */
  active: boolean;
  onChoose: () => void;
  onHover: () => void;
}) {
  return (
    <li
      id={id}
      role="option"
      aria-selected={active}
      // Keep focus in the input while clicking an option.
      onMouseDown={(event) => event.preventDefault()}
      onClick={onChoose}
      onMouseMove={onHover}
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

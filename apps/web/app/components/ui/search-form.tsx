// A list's GET search form: a search box and its filters, all in the URL's query.
import type { ReactNode } from "react";
import { Form } from "react-router";
import { Button } from "./button";
import { TextInput } from "./field";
import { SearchIcon } from "./action-icons";

/**
 * A list's GET search form: the search box (`?q=`, applied on Enter or Search) and its filter
 * selects (`children`, usually `FilterSelect`s), so every filter is in the URL.
 */
export function SearchForm({
  label,
  searchLabel,
  q,
  placeholder,
  busy = false,
  children,
}: {
  /** The form's name ("Articles"). */
  label: string;
  /** The search box's label ("Search titles"). */
  searchLabel: string;
  q: string;
  placeholder?: string;
  /** A search is loading: the button waits. */
  busy?: boolean;
  children: ReactNode;
}) {
  return (
    <Form
      method="get"
      role="search"
      aria-label={label}
      className="mb-4 grid grid-cols-2 items-end gap-3 rounded-xl border border-line bg-surface p-3 sm:flex sm:flex-wrap"
    >
      <div className="col-span-2 flex items-end gap-2 sm:min-w-64 sm:flex-1">
        <TextInput
          label={searchLabel}
          type="search"
          name="q"
          defaultValue={q}
          placeholder={placeholder}
          className="flex-1"
          maxLength={200}
        />
        <Button type="submit" variant="secondary" aria-label="Search" disabled={busy}>
          <SearchIcon size={16} />
          <span className="hidden sm:inline">Search</span>
        </Button>
      </div>
      {children}
    </Form>
  );
}

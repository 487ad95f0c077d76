// A term field of the editor (docs/product/studio.md#studio-terms): the chosen terms as chips, and a
// combobox offering the terms in use that match what is typed; a new term is its own option ("Add
// new tag “…”"), so a typo never files an article under a new term unnoticed. downshift's
// useMultipleSelection and useCombobox give the keys, the focus and the ARIA.
import type { StudioTerm } from "@pragmatist/contracts";
import { useCombobox, useMultipleSelection } from "downshift";
import { useState } from "react";
import { type ControlProps, Frame } from "../../../components/ui/field";
import type { FieldBinding } from "./field-binding";
import { TERMS_MAX, splitTerms } from "../article-form";
import { type TermOption, termOptions } from "./term-options";

const { stateChangeTypes } = useCombobox;

/** "a tag", "an ecosystem". */
const withArticle = (noun: string) => `${/^[aeiou]/.test(noun) ? "an" : "a"} ${noun}`;

/** What a term field needs: its label, the noun of one term, its binding and the terms in use. */
interface TermsFieldProps {
  label: string;
  /** "category", "tag", "ecosystem": names the remove buttons and the new-term option. */
  noun: string;
  /** The form's comma-separated value, its error and its change. */
  binding: FieldBinding;
  /** The terms of this kind in use, most used first; null until they arrive (or if they fail). */
  terms: StudioTerm[] | null;
  disabled: boolean;
}

/**
 * The picker's state: the chosen names (from the form's value), the options for what is typed,
 * and downshift's multiple selection (the chips) and combobox (the box and its list) over them.
 */
function useTermPicker({ ids, binding, terms }: TermsFieldProps & { ids: ControlProps }) {
  const chosen = splitTerms(binding.value);
  const [typed, setTyped] = useState("");
  const save = (names: string[]) =>
    binding.onChange({ currentTarget: { value: names.join(", ") } });
  const options = termOptions(terms ?? [], chosen, typed);
  const selection = useMultipleSelection({
    selectedItems: chosen,
    onSelectedItemsChange: ({ selectedItems }) => save(selectedItems),
  });
  const combobox = useCombobox<TermOption>({
    inputId: ids.id,
    labelId: `${ids.id}-label`,
    items: options,
    itemToString: (option) => option?.name ?? "",
    inputValue: typed,
    selectedItem: null,
    defaultHighlightedIndex: 0,
    // Choosing keeps the list open for the next term; leaving the box chooses nothing.
    stateReducer: (state, { type, changes }) => {
      if (type === stateChangeTypes.InputKeyDownEnter || type === stateChangeTypes.ItemClick) {
        return { ...changes, isOpen: true, highlightedIndex: 0, inputValue: "" };
      }
      if (type === stateChangeTypes.InputBlur) return { ...changes, selectedItem: null };
      return changes;
    },
    onStateChange: ({ type, selectedItem, inputValue }) => {
      if (type === stateChangeTypes.InputChange) setTyped(inputValue ?? "");
      const chose =
        type === stateChangeTypes.InputKeyDownEnter || type === stateChangeTypes.ItemClick;
      if (chose && selectedItem) {
        save([...chosen, selectedItem.name]);
        setTyped("");
      }
    },
  });
  return { chosen, options, selection, combobox };
}

/** One option of the list: a term in use with its number of articles, or "Add new {noun} “…”". */
function OptionText({ option, noun }: { option: TermOption; noun: string }) {
  if (option.articleCount === null) {
    return (
      <span>
        Add new {noun} “<strong className="font-semibold">{option.name}</strong>”
      </span>
    );
  }
  return (
    <>
      <span>{option.name}</span>
      <span className="text-xs text-muted tabular">
        {option.articleCount} {option.articleCount === 1 ? "article" : "articles"}
      </span>
    </>
  );
}

/** The chips and the combobox inside the field's frame (`ids`: its id and descriptions). */
function TermsControl(props: TermsFieldProps & { ids: ControlProps }) {
  const { ids, label, noun, disabled } = props;
  const { chosen, options, selection, combobox } = useTermPicker(props);
  const open = combobox.isOpen && options.length > 0;
  const full = chosen.length >= TERMS_MAX;
  return (
    <div className="rounded-lg border border-line bg-surface p-1.5 focus-within:border-accent">
      {chosen.length > 0 && (
        <ul aria-label={`${label} chosen`} className="mb-1.5 flex flex-wrap gap-1.5">
          {chosen.map((name, index) => (
            <li
              key={name}
              {...selection.getSelectedItemProps({ selectedItem: name, index })}
              className="inline-flex items-center gap-1 rounded-full bg-accent/10 py-0.5 pr-1 pl-2.5 text-xs text-ink focus-visible:outline-2 focus-visible:outline-accent"
            >
              {name}
              <button
                type="button"
                disabled={disabled}
                aria-label={`Remove ${noun} ${name}`}
                onClick={(event) => {
                  event.stopPropagation();
                  selection.removeSelectedItem(name);
                }}
                className="grid size-5 place-items-center rounded-full text-muted hover:bg-accent/15 hover:text-ink"
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className="relative">
        <input
          {...combobox.getInputProps(
            selection.getDropdownProps({
              preventKeyAction: combobox.isOpen,
              disabled,
              "aria-describedby": ids["aria-describedby"],
              "aria-invalid": ids["aria-invalid"],
              placeholder: full
                ? `Remove ${withArticle(noun)} to add another`
                : `${chosen.length > 0 ? "Add" : "Pick or add"} ${withArticle(noun)}`,
            }),
          )}
          className="h-8 w-full min-w-0 rounded-md bg-transparent px-1.5 text-sm text-ink placeholder:text-muted/70 focus:outline-none disabled:cursor-not-allowed"
        />
        <ul
          {...combobox.getMenuProps()}
          className={
            open
              ? "absolute inset-x-0 top-full z-20 mt-1 max-h-64 overflow-auto rounded-lg border border-line bg-surface py-1 shadow-lg"
              : "hidden"
          }
        >
          {open &&
            options.map((option, index) => (
              <li
                key={`${option.articleCount === null ? "new" : "term"}:${option.name}`}
                {...combobox.getItemProps({ item: option, index })}
                className={`flex justify-between gap-3 px-3 py-1.5 text-sm text-ink ${
                  combobox.highlightedIndex === index ? "bg-accent/10" : ""
                }`}
              >
                <OptionText option={option} noun={noun} />
              </li>
            ))}
        </ul>
      </div>
      {full && (
        <p role="status" className="px-1.5 pt-1 text-xs text-muted">
          An article takes {TERMS_MAX} at most.
        </p>
      )}
    </div>
  );
}

/**
 * A labelled term field: the chosen terms as removable chips (Backspace in the empty box removes
 * the last), a box that offers the terms in use as you type (Enter or a click adds the highlighted
 * one), and a new term only through its own "Add new …" option. Stored as the form's
 * comma-separated value.
 */
export function TermsField(props: TermsFieldProps) {
  return (
    <Frame label={props.label} error={props.binding.error}>
      {(ids) => <TermsControl ids={ids} {...props} />}
    </Frame>
  );
}

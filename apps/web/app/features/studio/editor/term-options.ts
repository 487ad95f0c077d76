// What the editor's term fields offer (docs/product/studio.md#studio-terms): the existing terms that
// match what is typed, and a new term only as an option of its own, so a typo never files an article
// under a new term unnoticed. Pure, so tests run in Node.
import type { StudioTerm } from "@pragmatist/contracts";
import { TERMS_MAX, termKey as key } from "../article-form";

/** Existing terms a list shows at most. */
export const SHOWN_TERMS = 8;

/** An option of a term field: an existing term with its article count, or a new one (`null`). */
export interface TermOption {
  name: string;
  articleCount: number | null;
}

/**
 * The options for `typed`: the terms in use (`terms`, most used first) whose name holds it, in
 * any case, and not chosen yet (`chosen`), at most SHOWN_TERMS; then `typed` as a new term when
 * no term in use or chosen already has that name. None once TERMS_MAX are chosen: the API takes
 * no more, and a term offered then would be dropped when the form is sent.
 */
export function termOptions(terms: StudioTerm[], chosen: string[], typed: string): TermOption[] {
  if (chosen.length >= TERMS_MAX) return [];
  const wanted = key(typed);
  const taken = new Set(chosen.map(key));
  const found = terms
    .filter((t) => !taken.has(key(t.name)) && key(t.name).includes(wanted))
    .slice(0, SHOWN_TERMS)
    .map(({ name, articleCount }) => ({ name, articleCount }));
  const known = taken.has(wanted) || terms.some((t) => key(t.name) === wanted);
  return wanted === "" || known ? found : [...found, { name: typed.trim(), articleCount: null }];
}

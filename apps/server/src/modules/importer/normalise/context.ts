// What the normaliser knows about the page it cleans, and what element rendering adds to it.

/** What the normaliser needs to know about the page it is cleaning. */
export interface NormaliseContext {
  /** The page's own URL on its source site: relative links resolve against it. */
  pageUrl: string;
  /** Root-relative links ("/gas/") resolve to this origin, e.g. "https://ethereum.org". */
  origin: string;
  /** Added in front of root-relative paths that lack it, e.g. "/en" for ethereum.org. */
  localePrefix?: string;
  /** Front matter of the page, for `{{ page.x }}`. */
  page?: Record<string, unknown>;
  /** Resolves reference-link labels the page uses but does not define (site-wide ones). */
  resolveLabel?: (label: string) => string | null;
  /** The page was written for kramdown (Jekyll), whose typography turns "---" into "—". */
  kramdown?: boolean;
}

/** The normalise context while rendering elements: the list an `<li>` belongs to, if any. */
export interface RenderContext extends NormaliseContext {
  /** The enclosing `<ul>`/`<ol>`; `n` counts the items numbered so far (mutated by `<li>`). */
  list?: { ordered: boolean; n: number };
}

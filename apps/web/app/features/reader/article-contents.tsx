// A long read's contents (docs/product/reader.md#contents): links to the text's sections, made on
// the server; no code runs for them on the page that rendered them.

/** A heading of the text: its level (1 to 6), its anchor (the element's id) and its text. */
export interface ArticleHeading {
  level: number;
  id: string;
  text: string;
}

/** The links, a `###` section indented under its `##`. */
function ContentsList({ entries }: { entries: readonly ArticleHeading[] }) {
  return (
    <ol className="space-y-1.5 text-sm leading-snug">
      {entries.map((entry) => (
        <li key={entry.id} className={entry.level === 3 ? "pl-3" : undefined}>
          <a
            href={`#${entry.id}`}
            className="text-muted underline-offset-2 hover:text-ink hover:underline focus-visible:outline-2 focus-visible:outline-accent"
          >
            {entry.text}
          </a>
        </li>
      ))}
    </ol>
  );
}

/**
 * The contents: below `xl` a collapsed "Contents" disclosure above the text (`<details>`, opened
 * without script); from `xl` up a list beside the text that stays in view as the reader scrolls
 * (the enclosing element must be `relative` around the text). One of the two shows at a time, so a
 * screen reader meets one "Contents" navigation.
 */
export function ArticleContents({ entries }: { entries: readonly ArticleHeading[] }) {
  return (
    <>
      <nav aria-label="Contents" className="xl:hidden">
        <details className="rounded-lg border border-line bg-surface px-4 py-3">
          <summary className="cursor-pointer text-sm font-semibold text-ink">Contents</summary>
          <div className="mt-3">
            <ContentsList entries={entries} />
          </div>
        </details>
      </nav>
      <nav
        aria-label="Contents"
        className="absolute top-0 left-full ml-12 hidden h-full w-56 xl:block"
      >
        <div className="sticky top-24">
          <p className="mb-3 text-xs font-semibold tracking-wider text-muted uppercase">Contents</p>
          <ContentsList entries={entries} />
        </div>
      </nav>
    </>
  );
}

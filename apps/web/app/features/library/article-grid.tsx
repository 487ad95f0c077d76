// The card grid: 1 to 5 columns by the width of the list itself (container queries,
// docs/product/reader.md#infinite-scroll).
import type { ReactNode } from "react";

/**
 * The `<ul>` of cards (its children are the `<li>`s) in a container-query grid: 1 column, then 2
 * from 32 rem of list width, 3 from 48, 4 from 64, 5 from 80. `busy` sets aria-busy while a page
 * loads.
 */
export function ArticleGrid({ children, busy }: { children: ReactNode; busy?: boolean }) {
  return (
    <div className="@container">
      <ul
        aria-busy={busy || undefined}
        className="grid grid-cols-1 gap-4 @lg:grid-cols-2 @3xl:grid-cols-3 @5xl:grid-cols-4 @7xl:grid-cols-5 @lg:gap-5"
      >
        {children}
      </ul>
    </div>
  );
}

// Mobile tabs Categories / Ecosystems (docs/product/reader.md#listing-chips), shown where the
// sidebar is hidden.
import { NavLink } from "react-router";

const tabClass = ({ isActive }: { isActive: boolean }) =>
  `flex-1 rounded-md px-3 py-1.5 text-center text-sm font-medium transition-colors ${
    isActive ? "bg-surface text-ink shadow-sm" : "text-muted hover:text-ink"
  }`;

/**
 * The two tabs below `lg`: Categories (the research home, active only on `/` itself) and
 * Ecosystems (`/ecosystems`), the current one raised.
 */
export function ListingTabs() {
  return (
    <nav aria-label="Browse by" className="lg:hidden">
      <div className="flex rounded-lg border border-line bg-line/40 p-1">
        <NavLink to="/" end className={tabClass}>
          Categories
        </NavLink>
        <NavLink to="/ecosystems" className={tabClass}>
          Ecosystems
        </NavLink>
      </div>
    </nav>
  );
}

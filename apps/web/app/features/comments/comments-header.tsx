// The comments panel's heading row (docs/product/reader.md#comment-thread): "N Comments"
// and the sort links.
import type { CommentSort } from "@pragmatist/contracts";
import { Link } from "react-router";
import { Spinner } from "../../components/ui/action-icons.tsx";

const SORTS: [CommentSort, string][] = [
  ["best", "Best"],
  ["newest", "Newest"],
  ["oldest", "Oldest"],
];

/**
 * "N Comment(s)" (the section's heading, `comments-title`) and Best / Newest / Oldest as links
 * that replace `?commentSort` without scrolling; a spinner while `busy` (a read or a sort).
 */
export function CommentsHeader(props: { count: number; sort: CommentSort; busy: boolean }) {
  const { count, sort } = props;
  return (
    <div className="flex flex-wrap items-center justify-between gap-3">
      <h2 id="comments-title" className="text-xl font-semibold tracking-tight">
        {count} {count === 1 ? "Comment" : "Comments"}
      </h2>
      <nav aria-label="Sort comments" className="flex items-center gap-2 text-sm">
        {props.busy && <Spinner size={14} className="text-muted" />}
        <span className="inline-flex rounded-lg border border-line bg-surface p-0.5">
          {SORTS.map(([value, label]) => (
            <Link
              key={value}
              to={`?commentSort=${value}`}
              replace
              preventScrollReset
              aria-current={value === sort ? "true" : undefined}
              className={`rounded-md px-2.5 py-1 font-medium transition-colors focus-visible:outline-2 focus-visible:outline-accent ${
                value === sort ? "bg-accent text-accent-ink" : "text-muted hover:text-ink"
              }`}
            >
              {label}
            </Link>
          ))}
        </span>
      </nav>
    </div>
  );
}

// The grey rows a list shows while it loads.
import { Skeleton } from "./skeleton";

/**
 * Grey rows while a list loads (every wait shows something, docs/architecture.md#look-and-feel);
 * `label` is read out.
 */
export function ListSkeleton({ rows = 6, label }: { rows?: number; label: string }) {
  return (
    <div aria-busy="true" className="rounded-xl border border-line bg-surface">
      <span className="sr-only">{label}</span>
      {Array.from({ length: rows }, (_, i) => (
        <div
          key={i}
          className="flex items-center gap-4 border-b border-line px-4 py-3.5 last:border-0"
        >
          <Skeleton className="h-4 flex-1" />
          <Skeleton className="hidden h-4 w-20 sm:block" />
          <Skeleton className="hidden h-4 w-28 md:block" />
        </div>
      ))}
    </div>
  );
}

// Placeholder block shown while content loads (every wait shows something,
// docs/architecture.md#look-and-feel).

/** A pulsing grey block; size it with `className`. Hidden from assistive technology. */
export function Skeleton({ className = "" }: { className?: string }) {
  return (
    <span aria-hidden="true" className={`block animate-pulse rounded-md bg-line/70 ${className}`} />
  );
}

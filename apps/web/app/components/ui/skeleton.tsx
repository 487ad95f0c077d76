// Placeholder block shown while content loads (DESIGN.md: every wait shows something).

/** A pulsing grey block; size it with `className`. Hidden from assistive technology. */
export function Skeleton({ className = "" }: { className?: string }) {
  return (
    <span aria-hidden="true" className={`block animate-pulse rounded-md bg-line/70 ${className}`} />
  );
}

// A small bordered pill in one of four tones: quiet, accent, warning, danger.
import type { ReactNode } from "react";

/** A badge's colours: quiet, the accent (live, confirmed), amber (waiting), red (shut out). */
export type BadgeTone = "muted" | "accent" | "warning" | "danger";

const toneLooks: Record<BadgeTone, string> = {
  muted: "border-line bg-page text-muted",
  accent: "border-accent/30 bg-accent/10 text-accent",
  warning: "border-amber-600/30 bg-amber-500/10 text-amber-800 dark:text-amber-300",
  danger: "border-red-600/30 bg-red-500/10 text-red-700 dark:text-red-400",
};

/** A small pill with a border in the colours of `tone`; `className` adds to them. */
export function Badge({
  children,
  tone = "muted",
  className = "",
}: {
  children: ReactNode;
  tone?: BadgeTone;
  className?: string;
}) {
  return (
    <span
      className={`inline-flex items-center rounded-full border px-2 py-0.5 text-xs font-medium whitespace-nowrap ${toneLooks[tone]} ${className}`}
    >
      {children}
    </span>
  );
}

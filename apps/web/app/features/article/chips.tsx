// Small labels for an article's categories, ecosystems and tags.
import type { ReactNode } from "react";

export function Chip({
  children,
  tone = "plain",
}: {
  children: ReactNode;
  tone?: "plain" | "accent";
}) {
  return (
    <li
      className={
        tone === "accent"
          ? "rounded-full bg-accent/10 px-2.5 py-0.5 text-xs font-medium text-accent"
          : "rounded-full border border-line px-2.5 py-0.5 text-xs text-muted"
      }
    >
      {children}
    </li>
  );
}

export function ChipList({ label, children }: { label: string; children: ReactNode }) {
  return (
    <ul className="flex flex-wrap gap-1.5" aria-label={label}>
      {children}
    </ul>
  );
}

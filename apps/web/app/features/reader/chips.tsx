// Small labels for an article's categories, ecosystems and tags; a chip with `to` links there.
import type { ReactNode } from "react";
import { Link } from "react-router";

const toneClass = {
  plain: "border border-line text-muted",
  accent: "bg-accent/8 font-medium text-accent",
} as const;

/** One chip as an `<li>`: a plain label, or a link to `to` with a hover state ({@link ChipList}). */
export function Chip({
  children,
  tone = "plain",
  to,
  title,
}: {
  children: ReactNode;
  /** "plain" (outlined, muted) by default; "accent" for the article's label. */
  tone?: keyof typeof toneClass;
  /** Where the chip leads (a category page, a filtered listing); none: a plain label. */
  to?: string;
  /** A tooltip telling same-named chips apart ("Category", "Ecosystem"). */
  title?: string;
}) {
  // 24 px tall at least: a comfortable target (WCAG 2.2 target size), and plain labels match.
  const shape = `inline-flex min-h-6 items-center rounded-full px-2.5 text-xs ${toneClass[tone]}`;
  if (!to) return <li className={shape}>{children}</li>;
  return (
    <li className="flex">
      <Link
        to={to}
        title={title}
        className={`${shape} transition-colors hover:border-accent/50 hover:text-accent focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent`}
      >
        {children}
      </Link>
    </li>
  );
}

/** The `<ul>` of {@link Chip}s, named by `label` ("Topics", "Tags") for screen readers. */
export function ChipList({ label, children }: { label: string; children: ReactNode }) {
  return (
    <ul className="flex flex-wrap items-center gap-1.5" aria-label={label}>
      {children}
    </ul>
  );
}

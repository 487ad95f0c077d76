// A titled box of the editor's side column (Publishing, Terms, Thumbnail, Revisions, stats).
import type { ReactNode } from "react";

/** A bordered section with its `title` (h2) over `children`, spaced. */
export function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="rounded-xl border border-line bg-surface p-4">
      <h2 className="mb-3 text-sm font-semibold tracking-tight">{title}</h2>
      <div className="space-y-3">{children}</div>
    </section>
  );
}

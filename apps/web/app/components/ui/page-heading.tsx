// A page's heading with its actions on the right.
import type { ReactNode } from "react";

/** A page heading (h1) with its actions (`children`) on the right. */
export function PageHeading({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
      <h1 className="text-xl font-semibold tracking-tight">{title}</h1>
      {children && (
        <div className="flex max-w-full min-w-0 flex-wrap items-center gap-2">{children}</div>
      )}
    </div>
  );
}

// A bordered, dense list table with a caption for screen readers and its column headings.
import type { ReactNode } from "react";

/** A column of a `DataTable`: its heading, and its width and breakpoint classes. */
export interface Column {
  label: string;
  className?: string;
}

/** A bordered list table: a caption for screen readers, column headings, and `children` rows. */
export function DataTable({
  caption,
  columns,
  className = "",
  children,
}: {
  caption: ReactNode;
  columns: Column[];
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className="overflow-hidden rounded-xl border border-line bg-surface">
      <table className={`w-full table-fixed border-collapse text-left ${className}`}>
        <caption className="sr-only">{caption}</caption>
        <thead className="border-b border-line bg-page/60 text-xs font-semibold tracking-wide text-muted uppercase">
          <tr>
            {columns.map((column, i) => (
              <th
                key={column.label}
                scope="col"
                className={`${i === 0 ? "px-4" : "px-3"} py-2 ${column.className ?? ""}`}
              >
                {column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}

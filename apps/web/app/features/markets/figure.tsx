// One market figure as text: a missing one says so to screen readers, a change shows its arrow
// and sign besides its colour (docs/product/markets.md#market-data-pages).
import type { Cell, ChangeCell } from "./market-cells.ts";

const toneClass = { up: "text-up", down: "text-down" } as const;

/** A figure's text, or a dash read as "not in the data" when the data lacks it. */
export function Figure({ cell }: { cell: Cell }) {
  if (!cell.missing) return <>{cell.text}</>;
  return (
    <span className="text-muted">
      <span aria-hidden="true">{cell.text}</span>
      <span className="sr-only">not in the data</span>
    </span>
  );
}

/** A change: "▲ +3.21%" in green, "▼ -0.50%" in red; the arrow is decoration, the sign is read. */
export function Change({ cell }: { cell: ChangeCell }) {
  if (cell.missing) return <Figure cell={cell} />;
  return (
    <span className={`whitespace-nowrap ${cell.tone ? toneClass[cell.tone] : ""}`}>
      {cell.arrow && (
        <span aria-hidden="true" className="mr-0.5 text-[0.7em]">
          {cell.arrow}
        </span>
      )}
      {cell.text}
    </span>
  );
}

// One market figure as text: a missing one says so to screen readers, a change shows its arrow
// and sign besides its colour (docs/product/markets.md#market-data-pages).
import type { Cell, ChangeCell } from "./market-cells.ts";

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

/**
 * A change: "▲ +3.21%" in green, "▼ -0.50%" in red. The colour and the arrow are app.css's
 * `.change-up` and `.change-down` (the arrow decoration, with no text to read); the sign is read.
 */
export function Change({ cell }: { cell: ChangeCell }) {
  if (cell.missing) return <Figure cell={cell} />;
  if (!cell.tone) return <>{cell.text}</>;
  return <span className={`change-${cell.tone}`}>{cell.text}</span>;
}

/**
 * A change as a table cell: the direction's class on the cell itself rather than on a span inside
 * it, since a table of 50 rows repeats it 150 times in the page's HTML.
 */
export function ChangeTd({ cell }: { cell: ChangeCell }) {
  if (cell.missing || !cell.tone) {
    return (
      <td>
        <Change cell={cell} />
      </td>
    );
  }
  return <td className={`change-${cell.tone}`}>{cell.text}</td>;
}

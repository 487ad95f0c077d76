// The line diff of a saved version with the editor's text, folded around the changes, with the
// words that changed inside a rewritten line marked.
import type { Revision } from "@pragmatist/contracts";
import { useMemo } from "react";
import {
  compareTexts,
  diffCounts,
  type DiffLine,
  type DiffRow,
  foldUnchanged,
} from "./revision-diff";

/** The background of a changed line: green added, red removed, none unchanged. */
function rowLook(kind: DiffRow["kind"]): string | undefined {
  if (kind === "added") return "bg-up/10";
  if (kind === "removed") return "bg-down/10";
  return undefined;
}

/**
 * A changed line's text: its changed words in a stronger tint (`<del>` on the removed side,
 * `<ins>` on the added one, so assistive technology can name them), or the whole line.
 */
function LineText({ line }: { line: DiffLine }) {
  if (!line.segments) return <>{line.text || " "}</>;
  const Mark = line.kind === "added" ? "ins" : "del";
  const tint = line.kind === "added" ? "bg-up/25" : "bg-down/25";
  return (
    <>
      {line.segments.map((segment, i) =>
        segment.changed ? (
          <Mark key={i} className={`rounded-sm no-underline ${tint}`}>
            {segment.text}
          </Mark>
        ) : (
          segment.text
        ),
      )}
    </>
  );
}

/** One row of the diff: "… N unchanged lines", or a line with its + / − mark (and its words). */
function DiffTableRow({ row }: { row: DiffRow }) {
  if (row.kind === "skip") {
    return (
      <tr className="bg-page text-muted">
        <td colSpan={2} className="px-3 py-1 text-xs">
          … {row.count} unchanged {row.count === 1 ? "line" : "lines"}
        </td>
      </tr>
    );
  }
  return (
    <tr className={rowLook(row.kind)}>
      <td className="w-6 px-2 text-center align-top text-muted select-none">
        {row.kind === "added" ? "+" : row.kind === "removed" ? "−" : ""}
        <span className="sr-only">
          {row.kind === "added" ? "added" : row.kind === "removed" ? "removed" : ""}
        </span>
      </td>
      <td className="px-2 whitespace-pre-wrap break-words">
        <LineText line={row} />
      </td>
    </tr>
  );
}

/**
 * The diff of a revision's text (before) with the editor's (after), folded around changes, under
 * the count of lines added and removed; a sentence instead when nothing changed.
 */
export function Comparison({ revision, current }: { revision: Revision; current: string }) {
  const lines = useMemo(() => compareTexts(revision.content, current), [revision.content, current]);
  const rows = useMemo(() => foldUnchanged(lines), [lines]);
  const { added, removed } = diffCounts(lines);
  if (added + removed === 0) {
    return <p className="text-sm text-muted">The text is the same as this version’s.</p>;
  }
  return (
    <>
      <p className="tabular mb-2 text-sm text-muted">
        Lines since this version: <span className="text-up">+{added}</span> added,{" "}
        <span className="text-down">−{removed}</span> removed
      </p>
      <div
        className="overflow-x-auto rounded-lg border border-line"
        role="region"
        aria-label="Line differences"
        tabIndex={0}
      >
        <table className="w-full border-collapse font-mono text-[0.8125rem] leading-relaxed">
          <tbody>
            {rows.map((row, i) => (
              <DiffTableRow key={i} row={row} />
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}

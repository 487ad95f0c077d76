// What the revisions screen shows of a change
// (docs/product/studio.md#studio-revisions): lines kept, removed and added, from the `diff` package
// (jsdiff: Myers' O(ND) algorithm), the words that changed inside a rewritten line, and the
// unchanged stretches folded away.
import { diffLines, diffWordsWithSpace, type Change } from "diff";

/** A piece of a rewritten line; `changed` when these characters differ from its counterpart. */
export interface Segment {
  text: string;
  changed: boolean;
}

/**
 * One line of the comparison: kept, only in the newer text (added) or only in the older one
 * (removed). A removed line paired with an added one that shares most of its characters carries
 * `segments`: the line cut into unchanged and changed words.
 */
export interface DiffLine {
  kind: "same" | "added" | "removed";
  text: string;
  segments?: Segment[];
}

/** A run of unchanged lines left out of the view, or a line shown. */
export type DiffRow = DiffLine | { kind: "skip"; count: number };

/**
 * Past this many differing lines (or words in one line) the minimal script costs too much, so the
 * change is shown as all removed, then all added (lines), or without word marks: still correct.
 */
const MAX_EDITS = 2000;

/** Word marks only when at least this share of a pair's characters is unchanged; else noise. */
const MIN_SHARED = 0.5;

/** The lines of one change object: its value ends with the newline of its last line, if any. */
function linesOf(value: string): string[] {
  if (value === "") return [];
  const lines = value.split("\n");
  if (lines.at(-1) === "") lines.pop();
  return lines;
}

/** Changed words with only spaces between them become one mark ("Very low", not "Very" "low"). */
function joinRuns(segments: Segment[]): Segment[] {
  const out: Segment[] = [];
  segments.forEach((segment, i) => {
    const between =
      /^\s+$/.test(segment.text) && segments[i - 1]?.changed && segments[i + 1]?.changed;
    const changed = segment.changed || Boolean(between);
    const last = out.at(-1);
    if (last && last.changed === changed) last.text += segment.text;
    else out.push({ text: segment.text, changed });
  });
  return out;
}

/** A changed segment with its spaces at either end left unmarked: only words are highlighted. */
function markWords(segment: Segment): Segment[] {
  if (!segment.changed) return [segment];
  const [, lead, words, trail] = /^(\s*)(.*?)(\s*)$/s.exec(segment.text)!;
  return [
    { text: lead!, changed: false },
    { text: words!, changed: true },
    { text: trail!, changed: false },
  ].filter((part) => part.text !== "");
}

/**
 * The words of `removed` and `added` as two segment lists, or null when the two lines share less
 * than MIN_SHARED of their characters (a rewritten line is marked as a whole). Words and runs of
 * spaces are both tokens (diffWordsWithSpace), so each side's segments rebuild it exactly.
 */
function wordSegments(removed: string, added: string): [Segment[], Segment[]] | null {
  const changes = diffWordsWithSpace(removed, added, { maxEditLength: MAX_EDITS });
  if (!changes) return null;
  const shared = changes.filter((c) => !c.added && !c.removed).map((c) => c.value.length);
  const sharedChars = shared.reduce((sum, n) => sum + n, 0);
  if (2 * sharedChars < MIN_SHARED * (removed.length + added.length)) return null;
  const side = (skip: "added" | "removed", mark: "added" | "removed") =>
    joinRuns(
      changes.filter((c) => !c[skip]).map((c) => ({ text: c.value, changed: c[mark] })),
    ).flatMap(markWords);
  return [side("added", "removed"), side("removed", "added")];
}

/** One block of changes as lines: removed first, then added; the i-th of each paired for words. */
function changedLines(removed: string[], added: string[]): DiffLine[] {
  const before: DiffLine[] = removed.map((text) => ({ kind: "removed", text }));
  const after: DiffLine[] = added.map((text) => ({ kind: "added", text }));
  for (let i = 0; i < Math.min(before.length, after.length); i++) {
    const words = wordSegments(removed[i]!, added[i]!);
    if (words) [before[i]!.segments, after[i]!.segments] = words;
  }
  return [...before, ...after];
}

/**
 * The lines of `before` and `after` in order, each marked same, removed (only in `before`) or
 * added (only in `after`), with as few removed + added lines as possible (up to MAX_EDITS).
 * "\r\n" and "\n" both end a line, a missing newline at the end is no change, and "" has no
 * lines. Within one change, removed lines come before added ones, how people read a change.
 */
export function compareTexts(before: string, after: string): DiffLine[] {
  const changes: Change[] = diffLines(before, after, {
    stripTrailingCr: true,
    ignoreNewlineAtEof: true,
    maxEditLength: MAX_EDITS,
  }) ?? [
    { value: before.replace(/\r\n/g, "\n"), added: false, removed: true, count: 0 },
    { value: after.replace(/\r\n/g, "\n"), added: true, removed: false, count: 0 },
  ];
  const out: DiffLine[] = [];
  let removed: string[] = [];
  let added: string[] = [];
  for (const change of changes) {
    if (change.removed) removed.push(...linesOf(change.value));
    else if (change.added) added.push(...linesOf(change.value));
    else {
      out.push(...changedLines(removed, added));
      [removed, added] = [[], []];
      out.push(...linesOf(change.value).map((text): DiffLine => ({ kind: "same", text })));
    }
  }
  out.push(...changedLines(removed, added));
  return out;
}

/**
 * The diff for display: unchanged lines more than `context` lines away from a change are folded
 * into one `skip` row with their count (a run shorter than 2 is shown as is).
 */
export function foldUnchanged(lines: DiffLine[], context = 3): DiffRow[] {
  const near = new Array<boolean>(lines.length).fill(false);
  lines.forEach((line, i) => {
    if (line.kind === "same") return;
    for (let j = Math.max(0, i - context); j <= Math.min(lines.length - 1, i + context); j++) {
      near[j] = true;
    }
  });
  const rows: DiffRow[] = [];
  let i = 0;
  while (i < lines.length) {
    if (near[i]) {
      rows.push(lines[i]!);
      i++;
      continue;
    }
    let end = i;
    while (end < lines.length && !near[end]) end++;
    if (end - i < 2) rows.push(...lines.slice(i, end));
    else rows.push({ kind: "skip", count: end - i });
    i = end;
  }
  return rows;
}

/** How many lines were added and removed. */
export function diffCounts(lines: DiffLine[]): { added: number; removed: number } {
  let added = 0;
  let removed = 0;
  for (const line of lines) {
    if (line.kind === "added") added++;
    else if (line.kind === "removed") removed++;
  }
  return { added, removed };
}

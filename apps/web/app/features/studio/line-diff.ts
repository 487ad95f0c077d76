// A line diff for comparing an article's text with an earlier revision (issue #7 "compare the
// current text with an earlier one"). No diff package is installed, so this is the smallest
// honest one: Myers' O((N+M)·D) shortest edit script over lines (E. W. Myers, "An O(ND)
// Difference Algorithm and Its Variations", 1986), after trimming the common head and tail.

/** One line of the result: kept, only in the newer text, or only in the older one. */
export interface DiffLine {
  kind: "same" | "added" | "removed";
  text: string;
}

/** A run of unchanged lines left out of the view, or a line shown. */
export type DiffRow = DiffLine | { kind: "skip"; count: number };

/**
 * Past this many differing lines the minimal script costs too much memory (D² numbers kept), so
 * the changed middle is shown as all removed, then all added: still a correct diff, not minimal.
 */
const MAX_EDITS = 2000;

/** Splits text into lines; "\r\n" and "\n" both end a line; "" has no lines. */
function linesOf(text: string): string[] {
  return text === "" ? [] : text.split(/\r?\n/);
}

/**
 * The lines of `before` and `after` in order, each marked same, removed (only in `before`) or
 * added (only in `after`), with as few removed + added lines as possible (up to MAX_EDITS).
 * Within one change, removed lines come before added ones.
 */
export function diffLines(before: string, after: string): DiffLine[] {
  const a = linesOf(before);
  const b = linesOf(after);
  let head = 0;
  while (head < a.length && head < b.length && a[head] === b[head]) head++;
  let tail = 0;
  while (
    tail < a.length - head &&
    tail < b.length - head &&
    a[a.length - 1 - tail] === b[b.length - 1 - tail]
  ) {
    tail++;
  }
  const same = (text: string): DiffLine => ({ kind: "same", text });
  const middle = shortestEdit(a.slice(head, a.length - tail), b.slice(head, b.length - tail));
  return [...a.slice(0, head).map(same), ...middle, ...a.slice(a.length - tail).map(same)];
}

/** Myers' greedy forward search, keeping each round's furthest points to walk back from. */
function shortestEdit(a: string[], b: string[]): DiffLine[] {
  const n = a.length;
  const m = b.length;
  const max = n + m;
  if (max === 0) return [];
  // v[offset + k]: the furthest x reached on diagonal k (y = x - k).
  const offset = max + 1;
  const v = new Int32Array(2 * max + 3);
  const trace: Int32Array[] = [];
  for (let d = 0; d <= Math.min(max, MAX_EDITS); d++) {
    // Diagonals -d-1 … d+1 as they stood before round d: what the walk back reads.
    trace.push(v.slice(offset - d - 1, offset + d + 2));
    for (let k = -d; k <= d; k += 2) {
      const down = k === -d || (k !== d && v[offset + k - 1]! < v[offset + k + 1]!);
      let x = down ? v[offset + k + 1]! : v[offset + k - 1]! + 1;
      let y = x - k;
      while (x < n && y < m && a[x] === b[y]) {
        x++;
        y++;
      }
      v[offset + k] = x;
      if (x >= n && y >= m) return walkBack(a, b, trace);
    }
  }
  return [
    ...a.map((text): DiffLine => ({ kind: "removed", text })),
    ...b.map((text): DiffLine => ({ kind: "added", text })),
  ];
}

/** Follows the kept rounds from the end back to the start, collecting the lines in reverse. */
function walkBack(a: string[], b: string[], trace: Int32Array[]): DiffLine[] {
  const out: DiffLine[] = [];
  let x = a.length;
  let y = b.length;
  for (let d = trace.length - 1; d >= 0; d--) {
    const round = trace[d]!;
    // Diagonal k of round d sits at round[k + d + 1].
    const at = (k: number) => round[k + d + 1]!;
    const k = x - y;
    const down = k === -d || (k !== d && at(k - 1) < at(k + 1));
    const prevK = down ? k + 1 : k - 1;
    const prevX = at(prevK);
    const prevY = prevX - prevK;
    while (x > prevX && y > prevY) {
      out.push({ kind: "same", text: a[x - 1]! });
      x--;
      y--;
    }
    if (d > 0) {
      if (down) out.push({ kind: "added", text: b[y - 1]! });
      else out.push({ kind: "removed", text: a[x - 1]! });
    }
    x = prevX;
    y = prevY;
  }
  return reorder(out.reverse());
}

/** Within each run of changes, removed lines first, then added: how people read a change. */
function reorder(lines: DiffLine[]): DiffLine[] {
  const out: DiffLine[] = [];
  let removed: DiffLine[] = [];
  let added: DiffLine[] = [];
  const flush = () => {
    out.push(...removed, ...added);
    removed = [];
    added = [];
  };
  for (const line of lines) {
    if (line.kind === "removed") removed.push(line);
    else if (line.kind === "added") added.push(line);
    else {
      flush();
      out.push(line);
    }
  }
  flush();
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

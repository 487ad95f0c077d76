// The revision compare view's line diff: minimal, ordered, folded around changes.
import { describe, expect, it } from "vitest";
import { diffCounts, diffLines, foldUnchanged, type DiffLine } from "./line-diff";

const render = (lines: DiffLine[]) =>
  lines.map((l) => `${l.kind === "same" ? " " : l.kind === "added" ? "+" : "-"}${l.text}`);

/** Rebuilds both texts from a diff: the old one from same+removed, the new one from same+added. */
function sides(lines: DiffLine[]) {
  return {
    before: lines.filter((l) => l.kind !== "added").map((l) => l.text),
    after: lines.filter((l) => l.kind !== "removed").map((l) => l.text),
  };
}

describe("diffLines", () => {
  it("marks a changed line as removed then added, keeping the rest", () => {
    const lines = diffLines("# Title\nOld line\nEnd", "# Title\nNew line\nEnd");
    expect(render(lines)).toEqual([" # Title", "-Old line", "+New line", " End"]);
    expect(diffCounts(lines)).toEqual({ added: 1, removed: 1 });
  });

  it("finds insertions and deletions anywhere with the fewest changes", () => {
    const before = ["a", "b", "c", "a", "b", "b", "a"].join("\n");
    const after = ["c", "b", "a", "b", "a", "c"].join("\n");
    const lines = diffLines(before, after);
    // Myers' paper's example: 5 edits is the shortest script.
    const { added, removed } = diffCounts(lines);
    expect(added + removed).toBe(5);
    expect(sides(lines)).toEqual({ before: before.split("\n"), after: after.split("\n") });
  });

  it("handles empty texts, equal texts and Windows line ends", () => {
    expect(diffLines("", "")).toEqual([]);
    expect(render(diffLines("", "one\ntwo"))).toEqual(["+one", "+two"]);
    expect(render(diffLines("one\ntwo", ""))).toEqual(["-one", "-two"]);
    expect(render(diffLines("same\r\ntext", "same\ntext"))).toEqual([" same", " text"]);
  });

  it("rebuilds both sides of a long random edit", () => {
    let seed = 7;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const base = Array.from({ length: 400 }, (_, i) => `line ${i % 37}`);
    const edited = base.filter(() => random() > 0.1).map((l) => (random() > 0.9 ? `${l}!` : l));
    const lines = diffLines(base.join("\n"), edited.join("\n"));
    expect(sides(lines)).toEqual({ before: base, after: edited });
  });
});

describe("foldUnchanged", () => {
  it("folds unchanged lines far from a change into a count", () => {
    const before = Array.from({ length: 20 }, (_, i) => `p${i}`);
    const after = before.map((l) => (l === "p10" ? "p10 edited" : l));
    const rows = foldUnchanged(diffLines(before.join("\n"), after.join("\n")), 2);
    expect(rows).toEqual([
      { kind: "skip", count: 8 },
      { kind: "same", text: "p8" },
      { kind: "same", text: "p9" },
      { kind: "removed", text: "p10" },
      { kind: "added", text: "p10 edited" },
      { kind: "same", text: "p11" },
      { kind: "same", text: "p12" },
      { kind: "skip", count: 7 },
    ]);
  });

  it("shows a single unchanged line rather than a fold of one", () => {
    const rows = foldUnchanged(diffLines("a\nb\nc\nd\ne", "A\nb\nc\nd\nE"), 1);
    expect(rows.map((r) => r.kind)).toEqual([
      "removed",
      "added",
      "same",
      "same",
      "same",
      "removed",
      "added",
    ]);
  });
});

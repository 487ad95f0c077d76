// What the revisions screen's comparison shows an editor: the lines removed and added since a
// saved version (the fewest, removed before added), the changed words inside a rewritten line,
// the count, and unchanged stretches folded away.
import type { Revision } from "@pragmatist/contracts";
import { render, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { Comparison } from "./comparison";
import { compareTexts, type DiffLine } from "./revision-diff";

const revision = (content: string): Revision => ({
  id: 4,
  title: "Field notes",
  subTitle: "",
  savedBy: { id: 2, username: "Eddie Editor" },
  savedAt: "2026-05-01T11:00:00.000Z",
  content,
});

/** Shows the comparison of `before` (the saved version) with `after` (the editor's text). */
function compare(before: string, after: string) {
  return render(<Comparison revision={revision(before)} current={after} />);
}

/** Each row of the diff as the editor reads it: "+" added, "−" removed, " " kept, or a fold. */
function rows(): string[] {
  const table = screen.getByRole("region", { name: "Line differences" });
  return within(table)
    .getAllByRole("row")
    .map((row) => {
      const cells = within(row).getAllByRole("cell");
      if (cells.length === 1) return cells[0]!.textContent!;
      const mark = cells[0]!.textContent!.replace(/added|removed/, "").trim() || " ";
      return `${mark}${cells[1]!.textContent}`;
    });
}

/** The counts line: "Lines since this version: +1 added, −1 removed". */
const counts = () => screen.getByText(/^Lines since this version/).textContent;

/** Rebuilds both texts from a diff: the old one from same+removed, the new one from same+added. */
function sides(lines: DiffLine[]) {
  return {
    before: lines.filter((l) => l.kind !== "added").map((l) => l.text),
    after: lines.filter((l) => l.kind !== "removed").map((l) => l.text),
  };
}

describe("Comparison of a revision with the editor's text", () => {
  it("shows a changed line as removed then added, keeping the rest, and counts them", () => {
    compare("# Title\nOld line\nEnd", "# Title\nNew line\nEnd");
    expect(rows()).toEqual([" # Title", "−Old line", "+New line", " End"]);
    expect(counts()).toBe("Lines since this version: +1 added, −1 removed");
  });

  it("marks the words that changed inside a rewritten line, not the spaces around them", () => {
    compare(
      "Intro\nPrices moved little on Monday, 5% at most.\nEnd",
      "Intro\nPrices barely moved on Tuesday, 3% at most.\nEnd",
    );
    const marked = (role: "deletion" | "insertion") =>
      screen.getAllByRole(role).map((mark) => mark.textContent);
    expect(marked("deletion")).toEqual(["little", "Monday", "5"]);
    expect(marked("insertion")).toEqual(["barely", "Tuesday", "3"]);
    expect(rows()).toContain("−Prices moved little on Monday, 5% at most.");
    expect(rows()).toContain("+Prices barely moved on Tuesday, 3% at most.");
  });

  it("marks a run of changed words as one change", () => {
    compare("| Gas | Low | Quiet |", "| Gas | Very low indeed | Quiet |");
    expect(screen.getByRole("deletion").textContent).toBe("Low");
    expect(screen.getByRole("insertion").textContent).toBe("Very low indeed");
  });

  it("keeps a rewritten line's text whole, spaces and all", () => {
    compare("Prices  moved little.", "Prices  barely moved.");
    expect(rows()).toEqual(["−Prices  moved little.", "+Prices  barely moved."]);
  });

  it("marks no words in a line rewritten from scratch, only the line", () => {
    compare("Markets were calm.", "Liquidity dried up overnight in every venue.");
    expect(rows()).toEqual([
      "−Markets were calm.",
      "+Liquidity dried up overnight in every venue.",
    ]);
    expect(screen.queryByRole("deletion")).toBeNull();
    expect(screen.queryByRole("insertion")).toBeNull();
  });

  it("finds insertions and deletions anywhere with the fewest changed lines", () => {
    // Myers' paper's example: 5 edits is the shortest script.
    compare("a\nb\nc\na\nb\nb\na", "c\nb\na\nb\na\nc");
    expect(counts()).toBe("Lines since this version: +2 added, −3 removed");
  });

  it("says the text is the same for equal texts, Windows line ends and a final newline", () => {
    compare("same\r\ntext", "same\ntext\n");
    expect(screen.getByText("The text is the same as this version’s.")).toBeTruthy();
    expect(screen.queryByRole("region")).toBeNull();
  });

  it("shows every line as added to an empty version, and removed when the text is emptied", () => {
    const view = compare("", "one\ntwo");
    expect(rows()).toEqual(["+one", "+two"]);
    view.unmount();
    compare("one\ntwo", "");
    expect(rows()).toEqual(["−one", "−two"]);
  });

  it("folds unchanged lines far from a change into a count of lines", () => {
    const before = Array.from({ length: 20 }, (_, i) => `p${i}`);
    const after = before.map((l) => (l === "p10" ? "p10 edited" : l));
    compare(before.join("\n"), after.join("\n"));
    expect(rows()).toEqual([
      "… 7 unchanged lines",
      " p7",
      " p8",
      " p9",
      "−p10",
      "+p10 edited",
      " p11",
      " p12",
      " p13",
      "… 6 unchanged lines",
    ]);
  });

  it("shows a single unchanged line between changes rather than a fold of one", () => {
    const lines = Array.from({ length: 9 }, (_, i) => `line ${i}`);
    const edited = lines.map((l, i) => (i === 0 || i === 8 ? `${l} edited` : l));
    compare(lines.join("\n"), edited.join("\n"));
    expect(rows()).toHaveLength(11);
    expect(rows().some((r) => r.startsWith("…"))).toBe(false);
  });
});

describe("compareTexts", () => {
  it("keeps every line of both sides through a long random edit", () => {
    let seed = 7;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const base = Array.from({ length: 400 }, (_, i) => `line ${i % 37}`);
    const edited = base.filter(() => random() > 0.1).map((l) => (random() > 0.9 ? `${l}!` : l));
    expect(sides(compareTexts(base.join("\n"), edited.join("\n")))).toEqual({
      before: base,
      after: edited,
    });
  });

  it("shows a change too large to minimise as all removed, then all added", () => {
    const before = Array.from({ length: 2500 }, (_, i) => `old ${i}`);
    const after = Array.from({ length: 2500 }, (_, i) => `new ${i}`);
    const lines = compareTexts(before.join("\n"), `${after.join("\r\n")}\r\n`);
    expect(sides(lines)).toEqual({ before, after });
    expect(lines.findIndex((l) => l.kind === "added")).toBe(2500);
  });
});

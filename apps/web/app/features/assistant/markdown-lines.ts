// Splits an answer into the pieces the bubble renders as Markdown one by one
// (docs/product/max.md#message-bubble).

/** A GFM table row: starts with a pipe (after indentation). */
const TABLE_ROW = /^\s*\|/;
/** A fenced code block's opening or closing fence. */
const FENCE = /^\s*(```|~~~)/;

/**
 * The answer's lines, blank ones dropped, each rendered as its own Markdown. Two constructs span
 * lines and would fall apart line by line, so they stay whole: consecutive table rows (a GFM table
 * needs its header and delimiter rows together) and a fenced code block.
 */
export function markdownLines(text: string): string[] {
  const pieces: string[] = [];
  let block: string[] = [];
  let kind: "fence" | "table" | null = null;
  const close = () => {
    if (block.length > 0) pieces.push(block.join("\n"));
    block = [];
    kind = null;
  };
  for (const line of text.replace(/\r\n?/g, "\n").split("\n")) {
    if (kind === "fence") {
      block.push(line);
      if (FENCE.test(line)) close();
    } else if (FENCE.test(line)) {
      close();
      kind = "fence";
      block.push(line);
    } else if (TABLE_ROW.test(line)) {
      if (kind !== "table") close();
      kind = "table";
      block.push(line);
    } else {
      close();
      if (line.trim()) pieces.push(line);
    }
  }
  // An unclosed fence (the answer is still streaming) shows what has arrived.
  close();
  return pieces;
}

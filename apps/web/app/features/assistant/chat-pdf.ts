// The conversation as a PDF (docs/product/max.md#pdf-export: dark background, white 12 pt text, as
// many pages as it needs). Loaded on the export click only: jsPDF stays out of the page's bundle.
import { jsPDF } from "jspdf";

/** A4 in points, with a comfortable margin. */
const MARGIN_PT = 48;
const FONT_SIZE_PT = 12;
/** Line pitch: 1.4 × the font size. */
const LINE_HEIGHT_PT = FONT_SIZE_PT * 1.4;
const BACKGROUND = "#0d1117";
const TEXT = "#ffffff";

/** A web address in a line of the PDF (export-lines.ts writes them absolute). */
const ADDRESS = /https?:\/\/[^\s)]+/g;

/** Makes each web address in `row` (drawn at the left margin, baseline `y`) a clickable link. */
function linkAddresses(doc: jsPDF, row: string, y: number): void {
  for (const match of row.matchAll(ADDRESS)) {
    const url = match[0].replace(/[.,;:]+$/, "");
    const x = MARGIN_PT + doc.getTextWidth(row.slice(0, match.index));
    doc.link(x, y - FONT_SIZE_PT, doc.getTextWidth(url), LINE_HEIGHT_PT, { url });
  }
}

/**
 * Lays `lines` ("User: …", "Assistant: …", already WinAnsi-safe, see export-lines.ts) out in
 * white 12 pt Helvetica on dark A4 pages, wrapped to the text width, a blank line between
 * messages, a new page whenever one is full; web addresses are clickable.
 */
export function buildChatPdf(lines: readonly string[]): jsPDF {
  const doc = new jsPDF({ unit: "pt", format: "a4", orientation: "portrait" });
  const width = doc.internal.pageSize.getWidth();
  const height = doc.internal.pageSize.getHeight();
  const paint = () => {
    doc.setFillColor(BACKGROUND);
    doc.rect(0, 0, width, height, "F");
    doc.setFont("helvetica", "normal");
    doc.setFontSize(FONT_SIZE_PT);
    doc.setTextColor(TEXT);
  };
  paint();
  const bottom = height - MARGIN_PT;
  let y = MARGIN_PT + FONT_SIZE_PT;
  lines.forEach((line, index) => {
    if (index > 0) y += LINE_HEIGHT_PT;
    const rows = doc.splitTextToSize(line, width - 2 * MARGIN_PT) as string[];
    for (const row of rows) {
      if (y > bottom) {
        doc.addPage();
        paint();
        y = MARGIN_PT + FONT_SIZE_PT;
      }
      doc.text(row, MARGIN_PT, y);
      linkAddresses(doc, row, y);
      y += LINE_HEIGHT_PT;
    }
  });
  return doc;
}

/** Builds the PDF and hands it to the browser as a download named `fileName`. */
export function saveChatPdf(lines: readonly string[], fileName: string): void {
  buildChatPdf(lines).save(fileName);
}

// The chat's PDF export (docs/product/max.md#pdf-export): jsPDF is fetched on the click, never with
// the page.
import { useState } from "react";
import { useSite } from "../../lib/site-data.ts";
import type { MaxMessage } from "./chat-rules.ts";
import { exportFileName, exportLines } from "./export-lines.ts";

/**
 * `exportPdf` saves the greeting and `messages` as a PDF named after `siteName`, links absolute on
 * the site's public address (PUBLIC_URL, else the page's origin); `exporting` is true while it is
 * built. A failure (the chunk did not load, jsPDF threw) is told through `setNotice`.
 */
export function useChatExport(
  greeting: MaxMessage,
  messages: readonly MaxMessage[],
  siteName: string,
  setNotice: (notice: string) => void,
) {
  const [exporting, setExporting] = useState(false);
  const { publicUrl } = useSite();

  async function exportPdf() {
    setExporting(true);
    try {
      const { saveChatPdf } = await import("./chat-pdf.ts");
      const base = publicUrl || window.location.origin;
      saveChatPdf(exportLines([greeting, ...messages], base), exportFileName(siteName));
    } catch {
      setNotice("The PDF could not be created. Please try again.");
    } finally {
      setExporting(false);
    }
  }

  return { exporting, exportPdf };
}

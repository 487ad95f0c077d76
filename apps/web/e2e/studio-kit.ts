// What the studio's browser journeys share: images pasted into the editor's body as a browser's
// clipboard hands them over (docs/product/studio.md#studio-images).
import type { Page } from "playwright-core";

/** Pastes `files` (PNG bytes) into the body's textarea as one clipboard paste of several files. */
export async function pasteImages(page: Page, files: { name: string; buffer: Buffer }[]) {
  const encoded = files.map((f) => ({ name: f.name, data: f.buffer.toString("base64") }));
  await page.getByRole("textbox", { name: "Body (Markdown)" }).evaluate((box, list) => {
    const transfer = new DataTransfer();
    for (const { name, data } of list) {
      const bytes = Uint8Array.from(atob(data), (c) => c.charCodeAt(0));
      transfer.items.add(new File([bytes], name, { type: "image/png" }));
    }
    box.dispatchEvent(
      new ClipboardEvent("paste", { clipboardData: transfer, bubbles: true, cancelable: true }),
    );
  }, encoded);
}

// What the body field writes for an image (docs/product/studio.md#studio-images): pure, so tests
// run in Node.

/** The Markdown that holds an image's place while it uploads (an image with no address yet). */
export function uploadingMarkdown(fileName: string): string {
  return `![Uploading ${fileName}…]()`;
}

/**
 * A first alt text from the file's name ("fee-chart_2025.png" → "fee chart 2025"); the hint under
 * the field asks the writer to say what the image shows instead.
 */
export function altFromFileName(fileName: string): string {
  const stem = fileName.replace(/\.[a-z0-9]+$/i, "");
  const words = stem.replace(/[-_.\s]+/g, " ").trim();
  // Markdown's alt text ends at "]": keep brackets out of it.
  return words.replace(/[[\]]/g, "") || "Image";
}

/** The Markdown of a stored image: `![alt](url)`. */
export function imageMarkdown(alt: string, url: string): string {
  return `![${alt}](${url})`;
}

/** The image files of a paste or a drop (anything else is left to the browser). */
export function imageFiles(data: DataTransfer | null): File[] {
  return Array.from(data?.files ?? []).filter((file) => file.type.startsWith("image/"));
}

// Images pasted, dropped or picked into the body (docs/product/studio.md#studio-images): each
// holds its place in the text while it uploads to POST /api/studio/images, then becomes
// `![alt](url)` there; a refused one leaves no trace but its message.
import { type RefObject, useState } from "react";
import { messageOf } from "../studio-load";
import { studioApi } from "../studio-api";
import { altFromFileName, imageMarkdown, uploadingMarkdown } from "./body-images";

/** The body's image uploads: how many are under way, the last refusal, and `insert`. */
export interface BodyImages {
  uploading: number;
  error: string | null;
  /** Uploads `files` and writes each where the cursor is, a paragraph of its own. */
  insert: (files: File[]) => void;
}

/**
 * Writes `text` over the textarea's selection as typing would (`insertText` keeps the browser's
 * undo history and fires the input event the form listens to), or, where the browser has no such
 * command, sets the text and hands the new value to `setValue`.
 */
function typeInto(textarea: HTMLTextAreaElement, text: string, setValue: (v: string) => void) {
  textarea.focus();
  if (document.execCommand?.("insertText", false, text)) return;
  textarea.setRangeText(text, textarea.selectionStart, textarea.selectionEnd, "end");
  setValue(textarea.value);
}

/**
 * The upload work of the body field over its `textarea`; `setValue` changes the form's body (the
 * textarea's current text is read at each step, so typing during an upload is kept).
 */
export function useBodyImages(
  textarea: RefObject<HTMLTextAreaElement | null>,
  setValue: (value: string) => void,
): BodyImages {
  const [uploading, setUploading] = useState(0);
  const [error, setError] = useState<string | null>(null);

  const upload = async (file: File, placeholder: string) => {
    let markdown = "";
    try {
      const stored = await studioApi.uploadArticleImage(file);
      markdown = imageMarkdown(altFromFileName(file.name), stored.url);
    } catch (e) {
      setError(`${file.name}: ${messageOf(e)}`);
    }
    const current = textarea.current?.value;
    if (current !== undefined) setValue(current.replace(placeholder, markdown));
    setUploading((n) => n - 1);
  };

  const insert = (files: File[]) => {
    const element = textarea.current;
    if (!element || files.length === 0) return;
    setError(null);
    const placeholders = files.map((file) => uploadingMarkdown(file.name));
    typeInto(element, `\n\n${placeholders.join("\n\n")}\n\n`, setValue);
    setUploading((n) => n + files.length);
    files.forEach((file, i) => void upload(file, placeholders[i]!));
  };

  return { uploading, error, insert };
}

// The editor's pictures of an article (docs/product/studio.md#studio), its thumbnail and its social
// image (docs/product/studio.md#studio-seo): an image goes through the upload pipeline for articles'
// images (POST /api/studio/images: decoded, re-encoded at most 1600 px, metadata stripped, the
// publication's), then shows here.
import { useId, useState } from "react";
import { Button } from "../../components/ui/button";
import { errorText } from "../../components/ui/danger";
import { Spinner } from "../../components/ui/action-icons";
import { studioApi } from "./studio-api";
import { messageOf } from "./studio-load";

/** An image of the article as the form holds it: its media id and address. */
type ArticleImage = { id: number; url: string };

/** How a field previews its picture: the image's alt text, and what shows without one. */
type Preview = { alt: string; empty: string };

/**
 * Uploads a picked file as an image for articles and hands it to `onChange`: whether one is on
 * its way, and why the last one failed (null when it did not).
 */
function useArticleImageUpload(onChange: (value: ArticleImage) => void) {
  const [uploading, setUploading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const upload = async (file: File | undefined) => {
    if (!file) return;
    setUploading(true);
    setError(null);
    try {
      const uploaded = await studioApi.uploadArticleImage(file);
      onChange({ id: uploaded.id, url: uploaded.url });
    } catch (e) {
      setError(messageOf(e));
    } finally {
      setUploading(false);
    }
  };
  return { uploading, error, upload };
}

/** The chosen picture at 16:9, or `preview.empty` in a dashed box without one. */
function ImagePreview({ value, preview }: { value: ArticleImage | null; preview: Preview }) {
  return value ? (
    <img
      src={value.url}
      alt={preview.alt}
      className="mb-2 aspect-video w-full rounded-lg border border-line bg-page object-cover"
    />
  ) : (
    <div className="mb-2 flex aspect-video w-full items-center justify-center rounded-lg border border-dashed border-line bg-page text-xs text-muted">
      {preview.empty}
    </div>
  );
}

/**
 * A picture of the article labelled `label`: its preview (when `preview` says how; a field whose
 * picture shows elsewhere has none), a file picker that uploads at once, "Remove", the `hint` over
 * the formats taken, and the upload's failure or else `error` (the server's refusal of the saved
 * value).
 */
export function ArticleImageField({
  label,
  value,
  onChange,
  disabled = false,
  hint,
  preview,
  error: refused,
}: {
  label: string;
  value: ArticleImage | null;
  onChange: (value: ArticleImage | null) => void;
  disabled?: boolean;
  hint?: string;
  preview?: Preview;
  error?: string | undefined;
}) {
  const id = useId();
  const { uploading, error: failed, upload } = useArticleImageUpload(onChange);
  const error = failed ?? refused;
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-[0.8125rem] font-medium">
        {label}
      </label>
      {preview && <ImagePreview value={value} preview={preview} />}
      <div className="flex items-center gap-2">
        <input
          id={id}
          type="file"
          accept="image/png,image/jpeg,image/webp,image/gif"
          disabled={disabled || uploading}
          aria-describedby={`${id}-hint${error ? ` ${id}-error` : ""}`}
          onChange={(e) => {
            void upload(e.currentTarget.files?.[0]);
            e.currentTarget.value = "";
          }}
          className="min-w-0 flex-1 text-sm text-muted file:mr-2 file:h-8 file:rounded-lg file:border file:border-line file:bg-surface file:px-3 file:text-sm file:font-medium file:text-ink hover:file:bg-page focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent"
        />
        {uploading && <Spinner size={16} className="text-muted" />}
        {value && !uploading && (
          <Button
            variant="ghost"
            className="h-8 px-2"
            aria-label={`Remove ${label.toLowerCase()}`}
            onClick={() => onChange(null)}
            disabled={disabled}
          >
            Remove
          </Button>
        )}
      </div>
      <p id={`${id}-hint`} className="mt-1 text-xs text-muted">
        {uploading ? (
          "Uploading…"
        ) : (
          <>
            {hint && <span className="block">{hint}</span>}
            JPEG, PNG, WebP or GIF, at most 5 MB.
          </>
        )}
      </p>
      {error && (
        // An upload's failure is news; a refused save is announced by the save's status line.
        <p
          id={`${id}-error`}
          role={failed ? "alert" : undefined}
          className={`mt-1 text-xs ${errorText}`}
        >
          {error}
        </p>
      )}
    </div>
  );
}

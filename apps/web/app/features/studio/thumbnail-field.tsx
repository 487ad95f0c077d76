// The editor's thumbnail (docs/product/studio.md#studio): an image goes through the upload
// pipeline for articles' images (POST /api/studio/images: decoded, re-encoded at most 1600 px,
// metadata stripped, the publication's), then shows here.
import { useId, useState } from "react";
import { Button } from "../../components/ui/button";
import { errorText } from "../../components/ui/danger";
import { Spinner } from "../../components/ui/action-icons";
import { studioApi } from "./studio-api";
import { messageOf } from "./studio-load";

/** The thumbnail's preview, a file picker that uploads at once, and Remove. */
export function ThumbnailField({
  value,
  onChange,
  disabled = false,
}: {
  value: { id: number; url: string } | null;
  onChange: (value: { id: number; url: string } | null) => void;
  disabled?: boolean;
}) {
  const id = useId();
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

  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-[0.8125rem] font-medium">
        Thumbnail image
      </label>
      {value ? (
        <img
          src={value.url}
          alt="Thumbnail preview"
          className="mb-2 aspect-video w-full rounded-lg border border-line bg-page object-cover"
        />
      ) : (
        <div className="mb-2 flex aspect-video w-full items-center justify-center rounded-lg border border-dashed border-line bg-page text-xs text-muted">
          No thumbnail
        </div>
      )}
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
            onClick={() => onChange(null)}
            disabled={disabled}
          >
            Remove
          </Button>
        )}
      </div>
      <p id={`${id}-hint`} className="mt-1 text-xs text-muted">
        {uploading ? "Uploading…" : "JPEG, PNG, WebP or GIF, at most 5 MB."}
      </p>
      {error && (
        <p id={`${id}-error`} role="alert" className={`mt-1 text-xs ${errorText}`}>
          {error}
        </p>
      )}
    </div>
  );
}

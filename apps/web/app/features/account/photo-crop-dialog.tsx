// The square crop of a picked profile photo (docs/product/accounts.md#account): react-easy-crop in
// a dialog, with a zoom slider, Cancel and Save photo. Its own chunk, loaded once a member picks a
// photo (photo-section.tsx), so neither it nor react-easy-crop is in any page's initial JavaScript.
import { useId, useState } from "react";
import Cropper, { type Area } from "react-easy-crop";
import { Button, buttonClass } from "../../components/ui/button";
import { Dialog } from "../../components/ui/dialog";
import { Spinner } from "../../components/ui/action-icons";
import { FormNote } from "./auth-card";

/** Zoom of the photo inside the crop: 1 (the whole short side fits the circle) to 3 times. */
const MIN_ZOOM = 1;
const MAX_ZOOM = 3;

/** What the crop dialog shows and whom it tells. */
export interface PhotoCropDialogProps {
  open: boolean;
  /** The picked photo's address (an object URL); null while none is picked. */
  image: string | null;
  /** The upload is running: Save photo reads "Saving…", Cancel and closing wait. */
  busy: boolean;
  /** Why the last Save photo failed, in the member's words; null or undefined when it did not. */
  error: string | null | undefined;
  /** Cancel, Escape or the backdrop: nothing is uploaded. */
  onCancel: () => void;
  /** Save photo: the square to keep, in whole pixels of the upright image. */
  onSave: (area: Area) => void;
}

/** The labelled zoom slider, MIN_ZOOM to MAX_ZOOM. */
function ZoomSlider({ zoom, onZoom }: { zoom: number; onZoom: (zoom: number) => void }) {
  const id = useId();
  return (
    <div className="mt-4 flex items-center gap-3">
      <label htmlFor={id} className="text-sm font-medium">
        Zoom
      </label>
      <input
        id={id}
        type="range"
        min={MIN_ZOOM}
        max={MAX_ZOOM}
        step={0.05}
        value={zoom}
        onChange={(event) => onZoom(Number(event.currentTarget.value))}
        className="h-2 min-w-0 flex-1 cursor-pointer accent-accent"
      />
    </div>
  );
}

/**
 * The crop dialog: the photo under a round, square-proportioned crop that the member drags (or
 * moves with the arrow keys once focused) and zooms with the labelled slider, a wheel or a pinch.
 * Save photo is inert until the photo has loaded and the crop is known.
 */
export default function PhotoCropDialog({
  open,
  image,
  busy,
  error,
  onCancel,
  onSave,
}: PhotoCropDialogProps) {
  const titleId = useId();
  const [crop, setCrop] = useState({ x: 0, y: 0 });
  const [zoom, setZoom] = useState(MIN_ZOOM);
  const [area, setArea] = useState<Area | null>(null);
  const [shown, setShown] = useState(image);
  // A new photo starts centred and unzoomed.
  if (image !== shown) {
    setShown(image);
    setCrop({ x: 0, y: 0 });
    setZoom(MIN_ZOOM);
    setArea(null);
  }

  return (
    <Dialog open={open} onClose={() => !busy && onCancel()} labelledBy={titleId}>
      <div className="p-5 sm:p-6">
        <h2 id={titleId} className="text-lg font-semibold tracking-tight">
          Crop your photo
        </h2>
        <p className="mt-1 text-sm text-muted">
          Drag the photo to place it in the circle; zoom to fill it.
        </p>
        <div className="relative mt-4 aspect-square w-full overflow-hidden rounded-xl bg-neutral-900">
          {image && (
            <Cropper
              image={image}
              crop={crop}
              zoom={zoom}
              minZoom={MIN_ZOOM}
              maxZoom={MAX_ZOOM}
              aspect={1}
              cropShape="round"
              showGrid={false}
              onCropChange={setCrop}
              onZoomChange={setZoom}
              onCropComplete={(_, pixels) => setArea(pixels)}
              mediaProps={{ alt: "Your new photo" }}
              cropperProps={{ "aria-label": "Crop area: drag, or move with the arrow keys" }}
            />
          )}
        </div>
        <ZoomSlider zoom={zoom} onZoom={setZoom} />
        {error && (
          <div className="mt-4">
            <FormNote tone="error">{error}</FormNote>
          </div>
        )}
        <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Button variant="secondary" size="md" onClick={onCancel} disabled={busy}>
            Cancel
          </Button>
          <button
            type="button"
            className={buttonClass("primary", "md")}
            aria-disabled={busy || !area || undefined}
            onClick={() => area && !busy && onSave(area)}
          >
            {busy && <Spinner />}
            {busy ? "Saving…" : "Save photo"}
          </button>
        </div>
      </div>
    </Dialog>
  );
}

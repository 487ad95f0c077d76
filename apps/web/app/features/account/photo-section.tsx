// The photo section of the account's edit mode (docs/product/accounts.md#account): the current
// photo, "Choose a photo" or an image dropped on the section, then the square crop
// (photo-crop-dialog.tsx, fetched once the member starts picking) and its upload.
import type { OwnUser } from "@pragmatist/contracts";
import { type DragEvent, type ReactNode, useEffect, useId, useState } from "react";
import type { Area } from "react-easy-crop";
import { useSubmit } from "react-router";
import { Avatar } from "../../components/ui/avatar";
import { buttonClass } from "../../components/ui/button";
import { lazyDialog } from "../../components/ui/lazy-load";
import { cropValue } from "../../lib/account-api";
import { type AccountActionData, Section, useAccountAction } from "./account-section";
import { errorText } from "./text-field";
import { IMAGE_TYPES, imageFileError } from "./validation";

const cropDialog = lazyDialog(() => import("./photo-crop-dialog.tsx"));

/** A photo being cropped: the file, its object URL, and the action's answer before it was picked. */
interface Picked {
  file: File;
  url: string;
  before: AccountActionData | undefined;
}

/**
 * The photo being cropped, and the message for a refused pick (`imageFileError`: not an image,
 * over 5 MB). `result` is the photo action's latest answer: once it is ok the pick is dropped (the
 * new picture comes from the reloaded profile). Each object URL is released when it is replaced
 * or dropped.
 */
function usePhotoPick(result: AccountActionData | undefined) {
  const [picked, setPicked] = useState<Picked | null>(null);
  const [pickError, setPickError] = useState<string | null>(null);

  useEffect(() => () => void (picked && URL.revokeObjectURL(picked.url)), [picked]);
  useEffect(() => {
    if (result && "ok" in result) setPicked(null);
  }, [result]);

  function choose(file: File | undefined) {
    if (!file) return;
    const problem = imageFileError(file);
    setPickError(problem);
    setPicked(problem ? null : { file, url: URL.createObjectURL(file), before: result });
  }

  return { picked, pickError, choose, drop: () => setPicked(null) };
}

/**
 * Whether a drag carries files (not text or a link), so the section may take the drop.
 * The types list is all a page can read before the drop (HTML Living Standard, drag data store).
 */
const carriesFiles = (event: DragEvent) => event.dataTransfer.types.includes("Files");

/**
 * An area that takes an image file dropped on it (`onFile`), outlined while one is dragged over
 * it; its code is fetched as the drag enters.
 */
function DropZone({ onFile, children }: { onFile: (file?: File) => void; children: ReactNode }) {
  const [dragging, setDragging] = useState(false);
  function onDragEnter(event: DragEvent) {
    if (!carriesFiles(event)) return;
    cropDialog.preload();
    setDragging(true);
  }
  function onDrop(event: DragEvent) {
    if (!carriesFiles(event)) return;
    event.preventDefault();
    setDragging(false);
    onFile(event.dataTransfer.files[0]);
  }
  return (
    <div
      onDragEnter={onDragEnter}
      onDragOver={(event) => carriesFiles(event) && event.preventDefault()}
      onDragLeave={(event) =>
        !event.currentTarget.contains(event.relatedTarget as Node | null) && setDragging(false)
      }
      onDrop={onDrop}
      className={`-m-3 flex items-center gap-4 rounded-xl border-2 border-dashed p-3 transition-colors ${
        dragging ? "border-accent bg-accent/5" : "border-transparent"
      }`}
    >
      {children}
    </div>
  );
}

/**
 * "Choose a photo": a styled label over a visually hidden file input, so it is a real, focusable
 * file control; then the refused pick's message, or "Photo updated." (`updated`).
 */
function PhotoPicker({
  onFile,
  pickError,
  updated,
}: {
  onFile: (file?: File) => void;
  pickError: string | null;
  updated: boolean;
}) {
  const inputId = useId();
  const hintId = useId();
  return (
    <div className="min-w-0 flex-1">
      <input
        id={inputId}
        type="file"
        accept={IMAGE_TYPES.join(",")}
        aria-describedby={hintId}
        aria-invalid={pickError ? true : undefined}
        onClick={cropDialog.preload}
        onChange={(event) => {
          onFile(event.currentTarget.files?.[0]);
          // The same file picked again after Cancel is a change too.
          event.currentTarget.value = "";
        }}
        className="peer sr-only"
      />
      <label
        htmlFor={inputId}
        className={buttonClass(
          "secondary",
          "md",
          "cursor-pointer peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-accent",
        )}
      >
        Choose a photo
      </label>
      <p id={hintId} className="mt-2 text-sm text-muted">
        or drop an image here.
      </p>
      {pickError && (
        <p role="alert" className={`mt-2 text-sm ${errorText}`}>
          {pickError}
        </p>
      )}
      {updated && (
        <p role="status" className="mt-2 text-sm text-muted">
          Photo updated.
        </p>
      )}
    </div>
  );
}

/**
 * The current photo beside the picker, the whole taking a dropped image too; then the crop
 * dialog, whose Save photo uploads the file with its square crop (POST /api/upload?crop=…, then
 * PUT /api/users/{id}, in the route's clientAction).
 */
export function PhotoSection({ user }: { user: OwnUser }) {
  const submit = useSubmit();
  const { busy, result, error, done } = useAccountAction("photo");
  const { picked, pickError, choose, drop } = usePhotoPick(result);

  function onSave(area: Area) {
    if (!picked || busy) return;
    const form = new FormData();
    form.set("intent", "photo");
    form.set("id", String(user.id));
    form.set("file", picked.file);
    form.set("crop", cropValue(area));
    void submit(form, { method: "post", encType: "multipart/form-data", replace: true });
  }

  return (
    <Section
      title="Profile photo"
      description="JPEG, PNG, WebP or GIF, at most 5 MB. You crop it to a circle before it is saved."
    >
      <DropZone onFile={choose}>
        <Avatar
          name={user.username}
          url={user.profilePicture?.url}
          size={72}
          alt={user.profilePicture ? "Your photo" : ""}
        />
        <PhotoPicker
          onFile={choose}
          pickError={pickError}
          updated={!pickError && !picked && done}
        />
      </DropZone>
      <cropDialog.Component
        open={!!picked}
        image={picked?.url ?? null}
        busy={busy}
        error={picked && result !== picked.before ? error : undefined}
        onCancel={drop}
        onSave={onSave}
      />
    </Section>
  );
}

// The editor's save status line: "Saving…", "Not saved: {reason}", "Unsaved changes",
// "Saved 12:03 UTC", read out politely as it changes.
import { formatIsoDateTimeUtc } from "../../../lib/format";
import { errorText } from "../../../components/ui/danger";
import { type SaveState, saveStatusText } from "../autosave";

/**
 * "12:03 UTC" for "Saved 12:03 UTC": the time part of the studio's one date format
 * (`formatIsoDateTimeUtc`, docs/product/limits.md#formats).
 */
const formatClock = (iso: string) => formatIsoDateTimeUtc(iso).slice(11);

/** The status line of `save` (autosave.ts `saveStatusText`), red while the last save failed. */
export function SaveStatus({ save }: { save: SaveState }) {
  return (
    <p
      role="status"
      aria-live="polite"
      data-save-status
      className={`tabular text-sm ${save.error ? errorText : "text-muted"}`}
    >
      {saveStatusText(save, formatClock)}
    </p>
  );
}

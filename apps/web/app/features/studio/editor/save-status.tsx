// The editor's save status line: "Saving…", "Not saved: {reason}", "Unsaved changes",
// "Saved 12:03", read out politely as it changes.
import { errorText } from "../../../components/ui/danger";
import { type SaveState, saveStatusText } from "../autosave";

/** "12:03": the reader's local time, 24-hour, for "Saved 12:03". */
const clock = new Intl.DateTimeFormat("en-GB", {
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});
const formatClock = (iso: string) => clock.format(new Date(iso));

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

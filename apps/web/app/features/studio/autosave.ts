// The editor's save state (docs/product/studio.md#studio): a pure state machine, so the rules
// (when to save, what the status line says) are tested without a browser. The editor feeds it
// events and runs the debounce (AUTOSAVE_DELAY_MS after typing stops).

/** Quiet time after the last keystroke before a draft saves itself, in ms. */
export const AUTOSAVE_DELAY_MS = 2000;

/** Where the editor's saving stands; `saveReducer` moves it on, `saveStatusText` says it. */
export interface SaveState {
  /** The form holds changes the server does not have yet. */
  dirty: boolean;
  /** A save is on its way. */
  saving: boolean;
  /** Changes were made while a save was on its way: still dirty when it lands. */
  editedWhileSaving: boolean;
  /** When the last save landed (ISO 8601), or null when none in this visit. */
  savedAt: string | null;
  /** Why the last save failed, or null. */
  error: string | null;
  /** The article changed elsewhere (409): nothing saves until it is reloaded. */
  conflict: boolean;
}

/**
 * What happens to the save: the viewer typed (`edit`), a save left (`start`), landed at `at`
 * (ISO 8601), failed or met a conflict (409) with a `message` for the status line, or the
 * article was (re)loaded.
 */
export type SaveEvent =
  | { type: "edit" }
  | { type: "start" }
  | { type: "saved"; at: string }
  | { type: "failed"; message: string }
  | { type: "conflict"; message: string }
  /** The article was (re)loaded from the server: nothing unsaved. */
  | { type: "loaded" };

/** An article as opened: nothing to save, nothing saved in this visit, no error. */
export const initialSaveState: SaveState = {
  dirty: false,
  saving: false,
  editedWhileSaving: false,
  savedAt: null,
  error: null,
  conflict: false,
};

/** The next state after `event`. */
export function saveReducer(state: SaveState, event: SaveEvent): SaveState {
  switch (event.type) {
    case "edit":
      // A new edit is a new try: a failed save's message goes (a conflict's stays).
      return {
        ...state,
        dirty: true,
        editedWhileSaving: state.saving,
        error: state.conflict ? state.error : null,
      };
    case "start":
      return { ...state, saving: true, editedWhileSaving: false, error: null };
    case "saved":
      return {
        ...state,
        saving: false,
        dirty: state.editedWhileSaving,
        editedWhileSaving: false,
        savedAt: event.at,
        error: null,
      };
    case "failed":
    case "conflict":
      // A conflict stays until the article is reloaded; a failure until the next save.
      return {
        ...state,
        saving: false,
        dirty: true,
        editedWhileSaving: false,
        error: event.message,
        conflict: state.conflict || event.type === "conflict",
      };
    case "loaded":
      return { ...initialSaveState, savedAt: state.savedAt };
  }
}

/**
 * Whether the debounce, when it fires, should save: there are changes, no save is on its way
 * (the one in flight saves again when it lands, see `editedWhileSaving`), the last save did not
 * fail (a failure waits for the next edit or a click, so a refused save is not sent every two
 * seconds), no conflict is waiting for a reload, and `autosave` is on (drafts with a title; a
 * published article saves by hand).
 */
export function shouldAutosave(state: SaveState, autosave: boolean): boolean {
  return autosave && state.dirty && !state.saving && !state.error && !state.conflict;
}

/** Whether leaving now would lose something: changes not saved, or a save still on its way. */
export function hasUnsavedWork(state: SaveState): boolean {
  return state.dirty || state.saving;
}

/**
 * The status line: "Saving…", "Not saved: {reason}", "Unsaved changes", "Saved 12:03" (the
 * reader's local time, 24-hour, from `formatTime`), or "" before anything happened.
 */
export function saveStatusText(state: SaveState, formatTime: (iso: string) => string): string {
  if (state.saving) return "Saving…";
  if (state.error) return `Not saved: ${state.error}`;
  if (state.dirty) return "Unsaved changes";
  if (state.savedAt) return `Saved ${formatTime(state.savedAt)}`;
  return "";
}

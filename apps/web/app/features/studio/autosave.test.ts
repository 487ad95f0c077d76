// The editor's save state: when a draft saves itself, what the status line says, when leaving warns.
import { describe, expect, it } from "vitest";
import {
  hasUnsavedWork,
  initialSaveState,
  type SaveEvent,
  saveReducer,
  saveStatusText,
  shouldAutosave,
} from "./autosave";

const run = (...events: SaveEvent[]) => events.reduce(saveReducer, initialSaveState);
const hhmm = (iso: string) => iso.slice(11, 16);
const status = (...events: SaveEvent[]) => saveStatusText(run(...events), hhmm);

describe("autosave", () => {
  it("saves after an edit, and says when it saved", () => {
    expect(status()).toBe("");
    expect(shouldAutosave(run(), true)).toBe(false);
    expect(status({ type: "edit" })).toBe("Unsaved changes");
    expect(shouldAutosave(run({ type: "edit" }), true)).toBe(true);
    expect(status({ type: "edit" }, { type: "start" })).toBe("Saving…");
    const saved = run(
      { type: "edit" },
      { type: "start" },
      { type: "saved", at: "2026-05-01T12:03:09Z" },
    );
    expect(saveStatusText(saved, hhmm)).toBe("Saved 12:03");
    expect(shouldAutosave(saved, true)).toBe(false);
    expect(hasUnsavedWork(saved)).toBe(false);
  });

  it("does not start a second save while one is on its way, and saves again after it", () => {
    const typingDuringSave = run({ type: "edit" }, { type: "start" }, { type: "edit" });
    expect(shouldAutosave(typingDuringSave, true)).toBe(false);
    expect(hasUnsavedWork(typingDuringSave)).toBe(true);
    const landed = saveReducer(typingDuringSave, { type: "saved", at: "2026-05-01T12:04:00Z" });
    expect(landed.dirty).toBe(true);
    expect(shouldAutosave(landed, true)).toBe(true);
    expect(saveStatusText(landed, hhmm)).toBe("Unsaved changes");
  });

  it("says why a save failed and tries again after the next edit, not in a loop", () => {
    const failed = run({ type: "edit" }, { type: "start" }, { type: "failed", message: "offline" });
    expect(saveStatusText(failed, hhmm)).toBe("Not saved: offline");
    expect(shouldAutosave(failed, true)).toBe(false);
    expect(hasUnsavedWork(failed)).toBe(true);
    const editedAgain = saveReducer(failed, { type: "edit" });
    expect(shouldAutosave(editedAgain, true)).toBe(true);
    expect(saveStatusText(editedAgain, hhmm)).toBe("Unsaved changes");
    const retried = saveReducer(saveReducer(editedAgain, { type: "start" }), {
      type: "saved",
      at: "2026-05-01T12:05:00Z",
    });
    expect(saveStatusText(retried, hhmm)).toBe("Saved 12:05");
  });

  it("stops saving after a conflict until the article is reloaded", () => {
    const conflict = run(
      { type: "edit" },
      { type: "start" },
      { type: "conflict", message: "changed elsewhere" },
      { type: "edit" },
    );
    expect(conflict.conflict).toBe(true);
    expect(shouldAutosave(conflict, true)).toBe(false);
    expect(saveStatusText(conflict, hhmm)).toBe("Not saved: changed elsewhere");
    const reloaded = saveReducer(conflict, { type: "loaded" });
    expect(reloaded.conflict).toBe(false);
    expect(hasUnsavedWork(reloaded)).toBe(false);
  });

  it("never saves by itself when autosave is off (a published article)", () => {
    expect(shouldAutosave(run({ type: "edit" }), false)).toBe(false);
  });
});

// The autosave debounce (docs/product/studio.md#studio): a draft saves itself AUTOSAVE_DELAY_MS
// after the last change; the rules of when are autosave.ts's `shouldAutosave`.
import { useEffect, useEffectEvent } from "react";
import { AUTOSAVE_DELAY_MS, type SaveState, shouldAutosave } from "../autosave";

/**
 * Calls `save` AUTOSAVE_DELAY_MS (2 s) after the last change of `form` or `state`, when
 * `shouldAutosave(state, enabled)` holds; every change restarts the wait, and leaving cancels it.
 * `save` is read when the timer fires, so it sees the latest form.
 */
export function useAutosave(
  state: SaveState,
  enabled: boolean,
  form: unknown,
  save: () => Promise<unknown>,
): void {
  const saveNow = useEffectEvent(() => void save());
  useEffect(() => {
    if (!shouldAutosave(state, enabled)) return;
    const timer = setTimeout(saveNow, AUTOSAVE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [form, state, enabled]);
}

// One studio action at a time with its failure as a sentence: which action is on its way, and why
// the last one failed.
import { useState } from "react";
import { messageOf } from "./studio-load";

/** What `useBusyAction` gives: the action on its way, the last failure, and the runner. */
export interface BusyAction<K> {
  /** The action on its way (a kind or an id), or null when none is. */
  busy: K | null;
  /** Why the last action failed (`messageOf`'s sentence), or null. */
  error: string | null;
  /**
   * Runs `work` as the action `kind`: marks it busy and clears the last error, then records a
   * failure's message instead of throwing. @returns whether `work` succeeded.
   */
  act: (kind: K, work: () => Promise<void>) => Promise<boolean>;
}

/** Tracks one action at a time (moderation buttons, revision Compare and Restore). */
export function useBusyAction<K>(): BusyAction<K> {
  const [busy, setBusy] = useState<K | null>(null);
  const [error, setError] = useState<string | null>(null);
  const act = async (kind: K, work: () => Promise<void>) => {
    setBusy(kind);
    setError(null);
    try {
      await work();
      return true;
    } catch (e) {
      setError(messageOf(e));
      return false;
    } finally {
      setBusy(null);
    }
  };
  return { busy, error, act };
}

// Smooth reveal of a streamed answer (spec §2 Message bubble, §9: one character every 5 ms).

/** Spec §9 "Character reveal interval". */
export const REVEAL_INTERVAL_MS = 5;

/**
 * How many characters show `elapsedMs` after a reveal resumed at `from` characters: one more per
 * 5 ms, never more than the `length` received so far. The animation frame calls this, so the pace
 * holds whatever the frame rate (about three characters per 60 Hz frame).
 */
export function revealedLength(from: number, elapsedMs: number, length: number): number {
  const gained = Math.floor(Math.max(0, elapsedMs) / REVEAL_INTERVAL_MS);
  return Math.min(length, from + gained);
}

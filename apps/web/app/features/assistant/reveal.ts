// Smooth reveal of a streamed answer (docs/product/max.md#message-bubble: one character every 5
// ms).

/** Interval of the character reveal (docs/product/max.md#message-bubble). */
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

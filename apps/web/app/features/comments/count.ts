// Counting comments, shared by the server read and the panel (no run-time imports: it ships in
// both bundles).
import type { Comment } from "@pragmatist/contracts";

/** Top-level threads the server renders; the rest load in the browser on "Show all". */
export const FIRST_THREADS = 20;

/** Comments a reader sees, replies included (a deleted one with replies is not counted). */
export function countVisible(list: Comment[]): number {
  return list.reduce((n, c) => n + (c.deleted ? 0 : 1) + countVisible(c.subcomments), 0);
}

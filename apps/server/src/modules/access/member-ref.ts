// How the studio names a member it read through a left join (an author, a reviser, an actor).

/**
 * `{ id, username }` of a member read through a left join (an article's author, who saved a
 * revision, banned a member or acted), or null when the account is gone.
 */
export function memberRef(
  id: number | null,
  username: string | null,
): { id: number; username: string } | null {
  return id !== null && username !== null ? { id, username } : null;
}

// What the engines say when a write breaks a constraint, read the same on both.

/**
 * Whether `err` is a unique-constraint violation on either engine (PostgreSQL SQLSTATE 23505,
 * SQLite SQLITE_CONSTRAINT_UNIQUE): a slug or a name raced with another write, or is taken.
 */
export function isUniqueViolation(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return code === "23505" || code === "SQLITE_CONSTRAINT_UNIQUE";
}

// SQL LIKE patterns shared by the queries that search text (studio lists, subscribers).

/** `%` and `_` escaped for a LIKE pattern with `escape '\'`, lower-cased, wrapped in `%…%`. */
export function containsPattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

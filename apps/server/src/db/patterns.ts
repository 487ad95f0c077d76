// SQL LIKE patterns shared by the queries that search text (studio lists, subscribers, Strapi filters).

/** `text` with `\`, `%` and `_` escaped, to match literally in a LIKE pattern with `escape '\'`. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** `%` and `_` escaped for a LIKE pattern with `escape '\'`, lower-cased, wrapped in `%…%`. */
export function containsPattern(text: string): string {
  return `%${escapeLike(text.toLowerCase())}%`;
}

// What makes two display names the same name to a reader (Unicode TR 39 §4
// "confusable detection"): one member cannot take a name that reads like another's, a staff
// author's above all, by case, look-alike letters, spacing or punctuation.
import { DELETED_MEMBER_NAME } from "@pragmatist/contracts";
import { remove as withoutConfusables } from "confusables";

/**
 * The key names are kept unique by (`users.username_key`): NFKC, look-alike characters mapped to
 * their Latin letters or digits by the `confusables` library ("Jоnаs" with Cyrillic о and а reads
 * "Jonas"), lower case, and only letters and digits kept ("Ada Lovelace", "ada.lovelace" and
 * "AdaLovelace" are one key).
 */
export function nameKey(name: string): string {
  const plain = withoutConfusables(name.normalize("NFKC")).normalize("NFKC").toLowerCase();
  return plain.replace(/[^\p{L}\p{N}]/gu, "");
}

/** Names no reader may take, as they would speak for the publication (its name is added). */
const RESERVED = [
  DELETED_MEMBER_NAME,
  "admin",
  "administrator",
  "moderator",
  "editor",
  "staff",
  "support",
  "max",
];

/**
 * Whether `name` reads like a name kept for the publication: what a deleted member is shown as,
 * its staff roles, its support, its assistant Max, or `siteName` itself.
 */
export function isReservedName(name: string, siteName: string): boolean {
  const key = nameKey(name);
  return [...RESERVED, siteName].some((reserved) => nameKey(reserved) === key);
}

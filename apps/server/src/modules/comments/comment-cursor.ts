// Where a page of a comment thread starts (docs/product/api.md#api-comments): the keyset of the
// last comment of the page before, sent to clients as an opaque base64url string.
import { type CommentSort, commentSorts } from "@pragmatist/contracts";
import { z } from "zod";

/**
 * The last comment of a page in its order's keys: top-level comments in `sort` ("best" also
 * keys on the like count), or the replies of `parent` (oldest first).
 */
export type CommentCursor =
  | { kind: CommentSort; likes: number; at: string; id: number }
  | { kind: "replies"; parent: number; at: string; id: number };

const cursorSchema = z.union([
  z.strictObject({
    kind: z.enum(commentSorts),
    likes: z.number().int().nonnegative(),
    at: z.string().max(40),
    id: z.number().int().positive(),
  }),
  z.strictObject({
    kind: z.literal("replies"),
    parent: z.number().int().positive(),
    at: z.string().max(40),
    id: z.number().int().positive(),
  }),
]);

/** The cursor as clients carry it: base64url of its JSON. */
export function encodeCursor(cursor: CommentCursor): string {
  return Buffer.from(JSON.stringify(cursor)).toString("base64url");
}

/** The cursor `text` stands for, or null when it is not one this server wrote. */
export function decodeCursor(text: string): CommentCursor | null {
  try {
    const parsed = cursorSchema.safeParse(JSON.parse(Buffer.from(text, "base64url").toString()));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** A `cursor` query parameter: at most 300 characters that decode to a cursor. */
export const cursorParam = z
  .string()
  .max(300)
  .refine((text) => decodeCursor(text) !== null, "Invalid cursor: use a meta.nextCursor as sent");

// The mention rule (docs/product/reader.md#mentions) on its own: names with spaces, case,
// the longest name first, boundaries and the cap.
import { describe, expect, it } from "vitest";
import { findMentions, MAX_MENTIONS } from "./mentions.ts";

const ana = { id: 1, username: "Ana" };
const anaLima = { id: 2, username: "Ana Lima" };
const bo = { id: 3, username: "bo_k" };

describe("findMentions", () => {
  it("finds names with spaces, without regard to case, the longest name first", () => {
    expect(findMentions("Thanks @ana lima, and @ANA too", [ana, anaLima])).toEqual([2, 1]);
    expect(findMentions("@Ana Limassol is not a member", [ana, anaLima])).toEqual([1]);
  });

  it("needs a boundary before the @ and after the name", () => {
    expect(findMentions("mail ana@example.test or @bo_kx", [ana, bo])).toEqual([]);
    expect(findMentions("(@bo_k) @bo_k.", [bo])).toEqual([3]);
    expect(findMentions("no mention here", [ana])).toEqual([]);
  });

  it(`notifies at most ${MAX_MENTIONS} members`, () => {
    const many = Array.from({ length: 15 }, (_, i) => ({ id: i + 10, username: `M${i}` }));
    const text = many.map((m) => `@${m.username}`).join(" ");
    expect(findMentions(text, many)).toHaveLength(MAX_MENTIONS);
  });
});

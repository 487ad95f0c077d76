// The account forms' checks (account-rules.ts, no zod) give the answer the server's schemas give:
// a form never sends what the server refuses, nor refuses what it takes, and says it the same way.
import { describe, expect, it } from "vitest";
import type { ZodType } from "zod";
import { isValidEmail, nameProblem, passwordProblem } from "./account-rules.ts";
import { emailSchema, passwordSchema, usernameSchema } from "./auth.ts";

/** The first message the schema answers for `value`, or null when it takes it. */
function schemaMessage(schema: ZodType, value: string): string | null {
  const result = schema.safeParse(value);
  return result.success ? null : (result.error.issues[0]?.message ?? "?");
}

describe("account rules as the forms check them", () => {
  it.each([
    "ada@example.com",
    " Ada@Example.co.uk ",
    "a.b+tag@sub.example.org",
    "o'brien@example.ie",
    "a@b.c",
    "ada..lovelace@example.com",
    ".ada@example.com",
    "ada@-example.com",
    "ada@example",
    "ada@exa mple.com",
    `${"a".repeat(242)}@example.com`,
    `${"a".repeat(243)}@example.com`,
  ])("takes or refuses %j as the server does", (email) => {
    expect(isValidEmail(email)).toBe(emailSchema.safeParse(email).success);
  });

  it.each([
    "Ada Lovelace",
    "  Ada   Lovelace ",
    "A",
    " A ",
    "x".repeat(60),
    "x".repeat(61),
    "<b>Ada</b>",
    "Ada\u200bLovelace",
    "A\u0301\u0301\u0301da",
    "!!",
    "ｆｕｌｌｗｉｄｔｈ",
  ])("answers a name %j with the server's message", (name) => {
    expect(nameProblem(name)).toBe(schemaMessage(usernameSchema, name));
  });

  it.each(["1234567", "12345678", "x".repeat(128), "x".repeat(129)])(
    "answers a password of %j with the server's message",
    (password) => {
      expect(passwordProblem(password)).toBe(schemaMessage(passwordSchema, password));
    },
  );
});

// The login route's redirect after a successful sign-in or sign-up: to `?next=`
// only when it is a path on this site after normalisation, else to /.
import { afterEach, describe, expect, it, vi } from "vitest";
import { accountApi } from "../lib/account-api";
import type { Route } from "./+types/login";
import { clientAction } from "./login";

const ORIGIN = "https://pragmatist.example";

/** Runs the clientAction for a form posted to `/login?next=<next>` (raw, already encoded). */
async function submit(next: string, fields: Record<string, string>): Promise<Response> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  const request = new Request(`${ORIGIN}/login?next=${next}`, { method: "POST", body: form });
  const result = await clientAction({ request } as Route.ClientActionArgs);
  expect(result).toBeInstanceOf(Response);
  return result as Response;
}

const signIn = { intent: "signin", email: "ada@example.com", password: "long-enough-password" };
const signUp = { ...signIn, intent: "signup", username: "Ada Lovelace" };

describe("login clientAction's redirect", () => {
  afterEach(() => vi.restoreAllMocks());

  it.each([
    ["%2F.%2F%2Fevil.example"],
    ["/a/..//evil.example"],
    ["%2F%2e%2e%2F%2Fevil.example"],
    ["%2F%09%2Fevil.example"],
    ["%2F%5Cevil.example"],
    ["https%3A%2F%2Fevil.example%2F"],
    ["javascript%3Aalert(1)"],
  ])("sends a reader signed in from ?next=%s to / instead", async (next) => {
    vi.spyOn(accountApi, "signIn").mockResolvedValue({} as never);
    const res = await submit(next, signIn);
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/");
  });

  it("sends a reader signed in from an over-long ?next= (2,001 characters) to /", async () => {
    vi.spyOn(accountApi, "signIn").mockResolvedValue({} as never);
    const res = await submit(`/p/${"a".repeat(1998)}`, signIn);
    expect(res.headers.get("location")).toBe("/");
  });

  it("refuses the reported payload after a sign-up too", async () => {
    vi.spyOn(accountApi, "signUp").mockResolvedValue({} as never);
    const res = await submit("%2F.%2F%2Fevil.example", signUp);
    expect(res.headers.get("location")).toBe("/");
  });

  it.each([
    ["%2Fp%2Fsome-slug%3Fx%3D1%23comments", "/p/some-slug?x=1#comments"],
    ["%2Fstudio%2Farticles%2F3", "/studio/articles/3"],
    ["/account", "/account"],
    [encodeURIComponent(`${ORIGIN}/p/x`), "/p/x"],
  ])("sends a reader signed in from ?next=%s back to %s", async (next, expected) => {
    vi.spyOn(accountApi, "signIn").mockResolvedValue({} as never);
    const res = await submit(next, signIn);
    expect(res.headers.get("location")).toBe(expected);
  });
});

// An unsubscribe token is read only as it was mailed: its other spellings (the same bytes) are
// refused.
import { describe, expect, it } from "vitest";
import { deliveryUnsubscribeToken, readDeliveryUnsubscribeToken } from "./delivery-tokens.ts";

const SECRET = "a test secret of enough length for an HMAC key";
const BASE64URL = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

describe("delivery unsubscribe tokens", () => {
  it("reads the mailed token and refuses every other spelling of it", () => {
    const token = deliveryUnsubscribeToken(SECRET, 42);
    expect(readDeliveryUnsubscribeToken(SECRET, token)).toBe(42);
    // The last of 43 characters carries 2 unused bits: three other characters decode the same.
    const last = BASE64URL.indexOf(token.at(-1) as string);
    const twins = [1, 2, 3].map((bits) => `${token.slice(0, -1)}${BASE64URL[last ^ bits]}`);
    for (const twin of twins) {
      expect(Buffer.from(twin.split(".")[1] as string, "base64url")).toEqual(
        Buffer.from(token.split(".")[1] as string, "base64url"),
      );
      expect(readDeliveryUnsubscribeToken(SECRET, twin)).toBeNull();
    }
    expect(readDeliveryUnsubscribeToken(SECRET, `0${token}`)).toBeNull();
    expect(readDeliveryUnsubscribeToken(SECRET, deliveryUnsubscribeToken("other", 42))).toBeNull();
  });
});

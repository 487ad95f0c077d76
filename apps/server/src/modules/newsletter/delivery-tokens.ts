// Signed mailed links without stored tokens: an id and an HMAC of it keyed by the app secret, for
// a purpose. The newsletter's unsubscribe link carries a delivery's id (so each unsubscribe is
// credited to the issue that caused it); a notification email's carries the member's id.
import { createHmac, timingSafeEqual } from "node:crypto";

/** `<id>.<43 base64url>`: what the link carries. */
const TOKEN = /^(\d{1,10})\.([A-Za-z0-9_-]{43})$/;

/** HMAC-SHA256 of the id under `secret`, domain-separated by `purpose` from other uses of the key. */
const mac = (secret: string, purpose: string, id: number) =>
  createHmac("sha256", secret).update(`${purpose}:${id}`).digest();

/**
 * The token of `id` for `purpose` (e.g. `newsletter-unsubscribe`): `<id>.<HMAC-SHA256 of
 * "<purpose>:<id>", base64url>`. Nothing is stored; it never expires; changing APP_SECRET voids
 * every token made before.
 */
export function signedIdToken(secret: string, purpose: string, id: number): string {
  return `${id}.${mac(secret, purpose, id).toString("base64url")}`;
}

/**
 * The id of a token made by `signedIdToken` with `secret` and `purpose`; null for anything else
 * (another shape, another purpose, a forged or altered MAC). The whole token is compared, in
 * constant time, with the one this id gets: another spelling of the same bytes (a last base64url
 * character whose unused bits differ, an id with leading zeros) is not the token that was mailed.
 * Never throws.
 */
export function readSignedIdToken(secret: string, purpose: string, token: string): number | null {
  const match = TOKEN.exec(token);
  if (!match) return null;
  const id = Number(match[1]);
  const given = Buffer.from(token);
  const expected = Buffer.from(signedIdToken(secret, purpose, id));
  return given.length === expected.length && timingSafeEqual(given, expected) ? id : null;
}

const NEWSLETTER = "newsletter-unsubscribe";

/**
 * The unsubscribe token of delivery `deliveryId` (`signedIdToken`). It never expires (RFC 8058;
 * CAN-SPAM, 15 U.S.C. 7704(a)(3): a link working at least 30 days) and only takes its own
 * recipient off the list.
 */
export function deliveryUnsubscribeToken(secret: string, deliveryId: number): string {
  return signedIdToken(secret, NEWSLETTER, deliveryId);
}

/** The delivery id of a token made by `deliveryUnsubscribeToken`; null otherwise. Never throws. */
export function readDeliveryUnsubscribeToken(secret: string, token: string): number | null {
  return readSignedIdToken(secret, NEWSLETTER, token);
}

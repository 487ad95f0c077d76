// The unsubscribe link of one delivered issue: the delivery's id and an HMAC of it keyed by the
// app secret, so no token is stored and each unsubscribe is credited to the issue that caused it.
import { createHmac, timingSafeEqual } from "node:crypto";

/** `<delivery id>.<43 base64url>`: what the link carries. */
const TOKEN = /^(\d{1,10})\.([A-Za-z0-9_-]{43})$/;

/** HMAC-SHA256 of the delivery id under `secret`, domain-separated from other uses of the key. */
const mac = (secret: string, deliveryId: number) =>
  createHmac("sha256", secret).update(`newsletter-unsubscribe:${deliveryId}`).digest();

/**
 * The unsubscribe token of delivery `deliveryId`: `<id>.<HMAC-SHA256, base64url>`. It never
 * expires (RFC 8058; CAN-SPAM, 15 U.S.C. 7704(a)(3): a link working at least 30 days) and only
 * takes its own recipient off the list; changing APP_SECRET voids every token mailed before.
 */
export function deliveryUnsubscribeToken(secret: string, deliveryId: number): string {
  return `${deliveryId}.${mac(secret, deliveryId).toString("base64url")}`;
}

/**
 * The delivery id of a token made by `deliveryUnsubscribeToken` with `secret`; null for anything
 * else (another shape, a forged or altered MAC). The whole token is compared, in constant time,
 * with the one this id gets: another spelling of the same bytes (a last base64url character whose
 * unused bits differ, an id with leading zeros) is not the token that was mailed. Never throws.
 */
export function readDeliveryUnsubscribeToken(secret: string, token: string): number | null {
  const match = TOKEN.exec(token);
  if (!match) return null;
  const id = Number(match[1]);
  const given = Buffer.from(token);
  const expected = Buffer.from(deliveryUnsubscribeToken(secret, id));
  return given.length === expected.length && timingSafeEqual(given, expected) ? id : null;
}

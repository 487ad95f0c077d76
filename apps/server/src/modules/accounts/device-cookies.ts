// Device cookies (OWASP "Slow Down Online Guessing Attacks with Device Cookies"; decision 014): a
// browser that signed in to an account carries a cookie naming that account, signed with the app
// secret, so guessing from anywhere else cannot lock the owner out on their own devices.
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import type { FastifyReply } from "fastify";

/** The cookie's name; it is sent only to the sign-in routes (`DEVICE_COOKIE_PATH`). */
export const DEVICE_COOKIE = "pragmatist_device";
/** Where the browser sends it: the password sign-in and the reset request. */
export const DEVICE_COOKIE_PATH = "/api/auth";
/** How long a browser stays known: a year (each sign-in renews it). */
export const DEVICE_COOKIE_SECONDS = 365 * 24 * 3600;

/** `<nonce, 22 base64url>.<HMAC-SHA256, 43 base64url>`. */
const SHAPE = /^([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{43})$/;

/** The MAC of a device nonce for one account (its normalised email), domain-separated. */
const mac = (secret: string, nonce: string, login: string) =>
  createHmac("sha256", secret).update(`device:${nonce}:${login}`).digest("base64url");

/**
 * A new device cookie value for the account `login` (the normalised email): a 128-bit random
 * nonce, which names this browser in the per-device limit, and its MAC under `secret`.
 */
export function deviceToken(secret: string, login: string): string {
  const nonce = randomBytes(16).toString("base64url");
  return `${nonce}.${mac(secret, nonce, login)}`;
}

/**
 * The device nonce of `token` when it is a device cookie this app issued for `login`, compared
 * whole in constant time; null for anything else (absent, another account's, forged). Never throws.
 */
export function knownDevice(
  secret: string,
  token: string | undefined,
  login: string,
): string | null {
  const match = token ? SHAPE.exec(token) : null;
  if (!match) return null;
  const nonce = match[1] as string;
  const given = Buffer.from(token as string);
  const expected = Buffer.from(`${nonce}.${mac(secret, nonce, login)}`);
  return given.length === expected.length && timingSafeEqual(given, expected) ? nonce : null;
}

/**
 * Sets the device cookie `value` on the answer: httpOnly, SameSite=Lax, `secure` with an https
 * PUBLIC_URL, sent only to DEVICE_COOKIE_PATH, kept DEVICE_COOKIE_SECONDS; it outlives sign-out,
 * as a device stays the owner's.
 */
export function setDeviceCookie(reply: FastifyReply, value: string, secure: boolean): void {
  reply.setCookie(DEVICE_COOKIE, value, {
    httpOnly: true,
    sameSite: "lax",
    secure,
    path: DEVICE_COOKIE_PATH,
    maxAge: DEVICE_COOKIE_SECONDS,
  });
}

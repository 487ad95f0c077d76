// Every rate limit of the API in one table, named by the routes it guards (`config.rateLimits`),
// so a reader of a route sees its limits where it is written (docs/architecture.md#rate-limits;
// the budgets are docs/product/limits.md#rate-limits).
import { ANONYMOUS_CREDITS } from "@pragmatist/contracts";

/**
 * One limit: `points` events per `seconds` per key; `per` names what the key is.
 * - counted `"route"`: plugins/rate-limit.ts counts it before the handler of every route naming
 *   it, keyed `ip:<client address>` or `user:<member id>` (nothing for an anonymous request, which
 *   the handler refuses with a 401);
 * - counted `"service"`: the service counts it, because when depends on what only the service
 *   knows (`when` says what); it takes the limiter from the table by name (RateLimits), never
 *   with a budget of its own.
 */
export type RateLimitRule = { points: number; seconds: number } & (
  { per: "ip" | "member"; counted: "route" } | { per: string; counted: "service"; when: string }
);

const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * The table, by name (the name is the limiter's key prefix in Redis, `rl:<name>`: renaming one
 * starts its counts afresh). Newsletter sending's pace (NEWSLETTER_RATE_PER_MINUTE) is no route's
 * limit: the delivery worker waits for it (newsletter-sending.ts).
 */
export const RATE_LIMITS = {
  register: { points: 10, seconds: HOUR, per: "ip", counted: "route" },
  "login-ip": { points: 30, seconds: 15 * MINUTE, per: "ip", counted: "route" },
  "login-account": {
    points: 10,
    seconds: 15 * MINUTE,
    per: "account (normalised email)",
    counted: "service",
    when: "from a browser without the account's device cookie; forgotten on success (decision 014)",
  },
  "login-device": {
    points: 10,
    seconds: 15 * MINUTE,
    per: "device cookie",
    counted: "service",
    when: "from a browser holding the account's device cookie; forgotten on success (decision 014)",
  },
  "forgot-password-ip": { points: 20, seconds: HOUR, per: "ip", counted: "route" },
  "forgot-password-email": {
    points: 5,
    seconds: HOUR,
    per: "email",
    counted: "service",
    when: "except from a browser holding that account's device cookie",
  },
  "reset-password-ip": { points: 20, seconds: 15 * MINUTE, per: "ip", counted: "route" },
  "change-password-user": {
    points: 10,
    seconds: 15 * MINUTE,
    per: "member",
    counted: "service",
    when: "every attempt; forgotten once the password is changed",
  },
  "change-email-user": { points: 5, seconds: HOUR, per: "member", counted: "route" },
  "verify-email-user": {
    points: 3,
    seconds: HOUR,
    per: "member",
    counted: "service",
    when: "only while the member's address is unverified (else a 400 says it is verified)",
  },
  "verify-email-ip": {
    points: 20,
    seconds: HOUR,
    per: "ip",
    counted: "service",
    when: "as verify-email-user",
  },
  "email-confirmation-ip": { points: 20, seconds: 15 * MINUTE, per: "ip", counted: "route" },
  "google-exchange-ip": {
    points: 30,
    seconds: 15 * MINUTE,
    per: "ip",
    counted: "service",
    when: "only when Google sign-in is configured (else the route answers 404)",
  },
  "comment-minute": {
    points: 5,
    seconds: MINUTE,
    per: "member",
    counted: "service",
    when: "comments and replies together, after the ban and verified-email checks",
  },
  "comment-day": {
    points: 100,
    seconds: DAY,
    per: "member",
    counted: "service",
    when: "as comment-minute",
  },
  "comment-preview": { points: 30, seconds: MINUTE, per: "member", counted: "route" },
  upload: {
    points: 30,
    seconds: HOUR,
    per: "member",
    counted: "service",
    when: "taken before the body is read, given back unless the image is stored",
  },
  "upload-unreadable": {
    points: 30,
    seconds: HOUR,
    per: "member",
    counted: "service",
    when: "an image of an accepted type that fails to decode",
  },
  "newsletter-ip": { points: 20, seconds: HOUR, per: "ip", counted: "route" },
  "newsletter-email": {
    points: 5,
    seconds: HOUR,
    per: "email",
    counted: "service",
    when: "each subscription, and a member's switch when it mails a confirmation",
  },
  "newsletter-issue-writes": {
    points: 120,
    seconds: 10 * MINUTE,
    per: "member",
    counted: "service",
    when: "after the editor check: create, change, delete, send, cancel",
  },
  "newsletter-issue-tests": {
    points: 10,
    seconds: HOUR,
    per: "member",
    counted: "service",
    when: "after the editor check, when the member has an address to send to",
  },
  "newsletter-clicks": {
    points: 120,
    seconds: MINUTE,
    per: "ip",
    counted: "service",
    when: "with tracking on; over it a click is not counted, and still redirects",
  },
  "pageview-ip": {
    points: 120,
    seconds: MINUTE,
    per: "ip",
    counted: "service",
    when: "page views and article reads together, after the article check of a read",
  },
  "assistant-visitor": {
    points: ANONYMOUS_CREDITS,
    // Three weeks: the in-memory limiter expires keys with a timer, at most 24.8 days.
    seconds: 21 * DAY,
    per: "visitor cookie",
    counted: "service",
    when: "a visitor's credits: used up means the credits message, not a 429; given back when the answer fails",
  },
  "assistant-ip": {
    points: 20,
    seconds: DAY,
    per: "ip",
    counted: "service",
    when: "visitors only, with their credits",
  },
  "assistant-member": {
    points: 30,
    seconds: 10 * MINUTE,
    per: "member",
    counted: "service",
    when: "members only; given back when the answer fails",
  },
} as const satisfies Record<string, RateLimitRule>;

/** A rule's name in the table. */
export type RateLimitName = keyof typeof RATE_LIMITS;

/** The name of a rule its service counts (the only ones a service may take). */
export type ServiceLimitName = {
  [N in RateLimitName]: (typeof RATE_LIMITS)[N]["counted"] extends "service" ? N : never;
}[RateLimitName];

declare module "fastify" {
  interface FastifyContextConfig {
    /**
     * The rules of http/rate-limits.ts this route is subject to: those counted by the route are
     * counted before its handler, the others by the service it calls.
     */
    rateLimits?: readonly RateLimitName[];
  }
}

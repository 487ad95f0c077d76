// Max's allowances: a visitor's credits and their IP's daily cap, a member's rate limit
// (docs/product/max.md#assistant-credits).
import { ANONYMOUS_CREDITS, type AssistantCredits } from "@pragmatist/contracts";
import type { RateLimitFactory } from "../../plugins/rate-limit.ts";
import type { Asker } from "./assistant.types.ts";

/** Members: messages per window (docs/product/max.md#assistant-credits). */
export const MEMBER_MESSAGES = 30;
/** Members: the rate limit's window, in seconds. */
export const MEMBER_WINDOW_SECONDS = 600;
/** Visitors from one IP address per day, whatever their cookies say. */
export const IP_DAILY_MESSAGES = 20;
/**
 * A visitor's 2 credits renew after three weeks. (The in-memory limiter expires keys with a timer,
 * which cannot be longer than 24.8 days.)
 */
export const VISITOR_CREDIT_WINDOW_SECONDS = 21 * 24 * 3600;

/** The asker's allowance of messages. */
export interface Allowance {
  /** A visitor's credits (used, limit, remaining); null for a member, who has none. */
  credits(asker: Asker): Promise<AssistantCredits | null>;
  /**
   * Counts one message against the asker's allowance. Visitors: 2 credits and an IP cap
   * (docs/product/max.md#assistant-credits); false when used up. Members: a rate limit.
   * @throws RateLimitError (429) when a member sends too fast.
   */
  spend(asker: Asker): Promise<boolean>;
  /** Gives back what `spend` counted (a credit and the IP's message, or the member's message). */
  refund(asker: Asker): Promise<void>;
}

/**
 * The allowances over `limits`: "assistant-visitor" (ANONYMOUS_CREDITS per visitor id per
 * VISITOR_CREDIT_WINDOW_SECONDS), "assistant-ip" (IP_DAILY_MESSAGES per IP per day) and
 * "assistant-member" (MEMBER_MESSAGES per member per MEMBER_WINDOW_SECONDS).
 */
export function createAllowance(limits: RateLimitFactory): Allowance {
  const visitorCredits = limits.create(
    "assistant-visitor",
    ANONYMOUS_CREDITS,
    VISITOR_CREDIT_WINDOW_SECONDS,
  );
  const ipCap = limits.create("assistant-ip", IP_DAILY_MESSAGES, 24 * 3600);
  const memberRate = limits.create("assistant-member", MEMBER_MESSAGES, MEMBER_WINDOW_SECONDS);

  return {
    async credits(asker) {
      if ("userId" in asker) return null;
      const used = Math.min(ANONYMOUS_CREDITS, await visitorCredits.used(asker.visitorId));
      return { used, limit: ANONYMOUS_CREDITS, remaining: ANONYMOUS_CREDITS - used };
    },

    async spend(asker) {
      if ("userId" in asker) {
        await memberRate.consume(`u:${asker.userId}`);
        return true;
      }
      try {
        await visitorCredits.consume(asker.visitorId);
      } catch {
        return false;
      }
      try {
        await ipCap.consume(asker.ip);
      } catch {
        await visitorCredits.refund(asker.visitorId);
        return false;
      }
      return true;
    },

    async refund(asker) {
      if ("userId" in asker) await memberRate.refund(`u:${asker.userId}`);
      else await Promise.all([visitorCredits.refund(asker.visitorId), ipCap.refund(asker.ip)]);
    },
  };
}

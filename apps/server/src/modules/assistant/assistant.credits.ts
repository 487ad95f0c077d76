// Max's allowances: a visitor's credits and their IP's daily cap, a member's rate limit
// (docs/product/max.md#assistant-credits).
import { ANONYMOUS_CREDITS, type AssistantCredits } from "@pragmatist/contracts";
import { RATE_LIMITS } from "../../http/rate-limits.ts";
import type { RateLimits } from "../../plugins/rate-limit.ts";
import type { Asker } from "./assistant.types.ts";

/**
 * Members: messages per window (docs/product/max.md#assistant-credits; http/rate-limits.ts
 * `assistant-member`).
 */
export const MEMBER_MESSAGES = RATE_LIMITS["assistant-member"].points;

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
 * The allowances over the rules of http/rate-limits.ts: "assistant-visitor" (a visitor id's
 * ANONYMOUS_CREDITS), "assistant-ip" (the visitors of one IP a day) and "assistant-member".
 */
export function createAllowance(limits: RateLimits): Allowance {
  const visitorCredits = limits.of("assistant-visitor");
  const ipCap = limits.of("assistant-ip");
  const memberRate = limits.of("assistant-member");

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

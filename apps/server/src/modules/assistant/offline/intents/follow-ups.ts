// Follow-ups: what earlier turns of the conversation looked up, for questions that build on them.
import type { CoinMatcher } from "./coins.ts";
import type { Decision, PlannedCall, Turn } from "./decision.ts";

/** The topic a previous turn was about, for "What other research should I do?". */
export function topicOf(call: PlannedCall, matcher: CoinMatcher): string {
  switch (call.toolName) {
    case "searchResearch":
      return call.input.query;
    case "getTokenData":
    case "getOhlc":
      return matcher.byId(call.input.query)?.name ?? call.input.query;
    case "getNewTokens":
    case "getTrendingTokens":
      return "scam tokens";
  }
}

/** The coin queries and days of the previous turn's coin lookups (for "and for 30 days?"). */
export function previousCoins(previous: PlannedCall[]): { queries: string[]; days: number | null } {
  const queries: string[] = [];
  let days: number | null = null;
  for (const call of previous) {
    if (call.toolName === "getTokenData" || call.toolName === "getOhlc") {
      if (!queries.includes(call.input.query)) queries.push(call.input.query);
      if (call.toolName === "getOhlc") days = call.input.days;
    }
  }
  return { queries, days };
}

/**
 * The tool calls of the latest earlier turn that made any: taken from its recorded calls, or
 * re-derived from its question with `reread` (the question understood on its own) when the history
 * kept only text. [] when there is none.
 */
export function previousCalls(
  turns: Turn[],
  reread: (question: string) => Decision,
): PlannedCall[] {
  for (let i = turns.length - 1; i >= 0; i--) {
    const turn = turns[i];
    if (!turn) continue;
    if (turn.calls.length > 0) return turn.calls;
    const decision = reread(turn.question);
    if (decision.kind === "call") return decision.calls;
  }
  return [];
}

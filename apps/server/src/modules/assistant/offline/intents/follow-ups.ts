// Follow-ups: what earlier turns of the conversation looked up, for questions that build on them,
// and the two follow-up chips (docs/product.md#assistant-chips).
import { isAnalysisRequest, isMoreResearchRequest } from "../../assistant.prompt.ts";
import type { CoinMatcher } from "./coins.ts";
import {
  type ConversationView,
  type Decision,
  type PlannedCall,
  type Turn,
  call,
  reply,
} from "./decision.ts";

/** Understands an earlier turn's question again, in the light of the turns `before` it. */
export type Reread = (question: string, before: Turn[]) => Decision;

/** The topic a previous turn was about, for "What other research should I do?". */
function topicOf(call: PlannedCall, matcher: CoinMatcher): string {
  switch (call.toolName) {
    case "searchResearch":
      return call.input.query;
    case "getTokenData":
    case "getOhlc":
      return matcher.byId(call.input.query)?.name ?? call.input.query;
    case "getNewTokens":
    case "getTrendingTokens":
      return "scam tokens";
    case "getMarket":
      return "market structure";
  }
}

/** The coin queries and days of the previous turn's coin lookups (for "and for 30 days?"). */
export function previousCoins(previous: PlannedCall[]): {
  queries: string[];
  days: number | "max" | null;
} {
  const queries: string[] = [];
  let days: number | "max" | null = null;
  for (const call of previous) {
    if (call.toolName === "getTokenData" || call.toolName === "getOhlc") {
      if (!queries.includes(call.input.query)) queries.push(call.input.query);
      if (call.toolName === "getOhlc") days = call.input.days;
    }
  }
  return { queries, days };
}

/**
 * The tool calls of earlier turn `i`: its recorded calls, or, when the history kept only text,
 * those its question leads to when understood again after the turns before it (so "and for 30
 * days?" is re-read as the 30-day lookup it was). [] when it made none.
 */
function callsOf(turns: Turn[], i: number, reread: Reread): PlannedCall[] {
  const turn = turns[i];
  if (!turn) return [];
  if (turn.calls.length > 0) return turn.calls;
  const decision = reread(turn.question, turns.slice(0, i));
  return decision.kind === "call" ? decision.calls : [];
}

/** The tool calls of the latest earlier turn that made any (see callsOf); [] when none did. */
export function previousCalls(turns: Turn[], reread: Reread): PlannedCall[] {
  for (let i = turns.length - 1; i >= 0; i--) {
    const calls = callsOf(turns, i, reread);
    if (calls.length > 0) return calls;
  }
  return [];
}

/**
 * The two follow-up chips and their rephrasings (docs/product.md#assistant-chips), or null for any
 * other question. "Analyze your last message…" re-runs the lookups of the latest answer, and only
 * of that one, for insights (an answer without any gets the nothing-to-analyse reply; the server
 * answers that case itself, without a credit); "What other research should I do?" searches
 * research on the topic of the latest turn that looked something up, else on the article in
 * context, else lists what Max can do.
 */
export function followUpChip(
  view: ConversationView,
  matcher: CoinMatcher,
  reread: Reread,
): Decision | null {
  if (isAnalysisRequest(view.question)) {
    const latest = callsOf(view.earlierTurns, view.earlierTurns.length - 1, reread);
    return latest.length > 0 ? call(...latest) : reply({ kind: "nothing-to-analyse" });
  }
  if (isMoreResearchRequest(view.question)) {
    const [latest] = previousCalls(view.earlierTurns, reread);
    const query = latest ? topicOf(latest, matcher) : view.article?.title;
    return query
      ? call({ toolName: "searchResearch", input: { query } })
      : reply({ kind: "capabilities" });
  }
  return null;
}

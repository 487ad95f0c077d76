// The offline model's direct replies (no tool called): capabilities, greetings, refusals, clarifications.
import type { AssistantToolName } from "@pragmatist/contracts";
import { CAPABILITIES, EXAMPLES, INJECTION_REFUSAL } from "../../assistant.prompt.ts";
import type { DirectReply } from "../decision.ts";

/** One sentence of abilities with two example questions, ending without a full stop. */
export const SHORT_CAPABILITIES =
  "I can look up a token's market data, show its price history, compare coins, list new and trending tokens, " +
  `and explain crypto topics from our research library. Try “${EXAMPLES.token}” or “${EXAMPLES.research}”`;

/**
 * The clause that says the market data has no figure of the whole market: the tools return one
 * coin's figures at a time (docs/product/max.md#max-tools).
 */
export const NO_MARKET_TOTAL =
  "The market data has no total-market figure (no total crypto market cap or Bitcoin dominance)";

/** What each tool looks up, for "… is not available". */
const TOOL_SUBJECTS: Record<AssistantToolName, string> = {
  getTokenData: "token data",
  getNewTokens: "the new-token list",
  getTrendingTokens: "the trending list",
  getOhlc: "price history",
  getMarket: "the market ranking",
  searchResearch: "research search",
};

/**
 * The text of a direct reply (no tool called). The injection refusal is the server's fixed
 * INJECTION_REFUSAL: it never quotes, paraphrases or confirms any instruction (OWASP LLM01, LLM07
 * system prompt leakage).
 */
export function writeReply(reply: DirectReply): string {
  switch (reply.kind) {
    case "capabilities":
      return CAPABILITIES;
    case "greeting":
      return `Hi! ${CAPABILITIES}`;
    case "thanks":
      return `You're welcome! Anything else? ${SHORT_CAPABILITIES}.`;
    case "injection":
      return INJECTION_REFUSAL;
    case "advice":
      return (
        "I can't give financial advice or predict prices: nobody knows where a price goes next, and I only report data I can source. " +
        "What the data does show is risk: crypto prices are volatile, often moving several percent in a day, and many coins trade far below their all-time highs. " +
        (reply.coin
          ? `I can show you the facts about ${reply.coin}: ask “Give me the key market stats for ${reply.coin}” or “How far is ${reply.coin} from its all-time high?”.`
          : `I can show you the facts for any coin: ask “Give me the key market stats for Solana” or “How far is Bitcoin from its all-time high?”.`) +
        " This is not financial advice."
      );
    case "out-of-scope":
      return `That's outside what I can help with. ${SHORT_CAPABILITIES}.`;
    case "unsure":
      return `I'm not sure I understood that, and I can only help with crypto markets and our research. ${SHORT_CAPABILITIES}.`;
    case "clarify-coin":
      return "Which coin do you mean? Give me its name or ticker, for example “Solana” or “SOL”.";
    case "no-market-total":
      return `${NO_MARKET_TOTAL}, only each coin's own. I can give you a coin's market cap and rank: ask “What's Bitcoin's market cap?”.`;
    case "nothing-to-analyse":
      return `There is no earlier answer to analyse yet. Ask me something first, for example “${EXAMPLES.token}”.`;
    case "tool-unavailable":
      return `I can't look that up right now (${TOOL_SUBJECTS[reply.toolName]} is not available). Please try again later.`;
  }
}

// The chat screen's rules (docs/product/max.md#assistant-screen, #assistant-conversation,
// #assistant-credits, docs/product/messages.md#messages-assistant): what may be sent, which
// suggestion chips show, the greeting, credits and error texts. Pure, so tests run in Node.
import {
  type AssistantCredits,
  type AssistantMessageMetadata,
  type AssistantToolOutputs,
  holdsAnalysableData,
} from "@pragmatist/contracts";
import type { ChatStatus, UIDataTypes, UIMessage } from "ai";

/** Max's tools as UI message parts see them: `tool-{name}` parts whose output is the contract's. */
export type MaxTools = {
  [Name in keyof AssistantToolOutputs]: { input: unknown; output: AssistantToolOutputs[Name] };
};

/** One chat message: text and tool parts, with the contract's metadata (credits, limit, fault). */
export type MaxMessage = UIMessage<AssistantMessageMetadata, UIDataTypes, MaxTools>;

/**
 * Shortest question the server takes (docs/product/max.md#assistant-conversation: "Enter sends only
 * if the input is longer than 1 character"). Same value as the contract's QUESTION_MIN, which the
 * browser cannot import as a value: that module carries zod.
 */
export const QUESTION_MIN_LENGTH = 2;
/** Longest question the server takes (the contract's QUESTION_MAX). */
export const QUESTION_MAX_LENGTH = 2000;

/** True when `text` may be sent: longer than 1 character once surrounding spaces are trimmed. */
export function canSend(text: string): boolean {
  return text.trim().length >= QUESTION_MIN_LENGTH;
}

/** The concurrent-send alert (docs/product/max.md#assistant-conversation). */
export const BUSY_ALERT = "Please wait for the current message to finish processing";

/** Shown under the input (docs/product/max.md#assistant-screen). */
export const PATIENCE_NOTE = "Please be patient with me, Skynet is currently overloaded";

/**
 * A suggestion chip: its text (sent as is) and whether phones hide it (below `sm`,
 * docs/product/max.md#assistant-chips).
 */
export interface SuggestionChip {
  text: string;
  hideOnMobile: boolean;
}

const EMPTY_CHAT_CHIPS: SuggestionChip[] = [
  { text: "What can you do?", hideOnMobile: false },
  { text: "Give me a list of new tokens", hideOnMobile: false },
  { text: "List the current trending tokens", hideOnMobile: true },
  { text: "Give me the key market stats for Solana", hideOnMobile: true },
];

const FOLLOW_UP_CHIPS: SuggestionChip[] = [
  { text: "Analyze your last message for valuable insights", hideOnMobile: false },
  { text: "What other research should I do?", hideOnMobile: false },
];

const ARTICLE_CHIPS: SuggestionChip[] = [
  { text: "Summarise this article", hideOnMobile: false },
  { text: "What should I research next?", hideOnMobile: false },
];

/** What the chips depend on: the conversation so far and where the chat was opened from. */
export interface ChipState {
  messages: readonly MaxMessage[];
  /** An answer is on its way (`isProcessing`): it does not count yet. */
  processing: boolean;
  /** Opened from an article, with nothing asked yet on this visit. */
  aboutArticle: boolean;
}

/**
 * The newest answer shown in full: the last of Max's messages, or, while an answer is on its way,
 * the last one before the question it answers. Null when there is none.
 */
function latestAnswer(messages: readonly MaxMessage[], processing: boolean): MaxMessage | null {
  const asked = messages.findLastIndex((m) => m.role === "user");
  const settled = processing && asked >= 0 ? messages.slice(0, asked) : messages;
  return settled.findLast((m) => m.role === "assistant") ?? null;
}

/**
 * The chips to offer (docs/product/max.md#assistant-chips): four in an empty chat (the last two
 * hidden on phones); the two follow-ups once the latest answer holds data to analyse (market data
 * or research, `holdsAnalysableData`); after an answer without any (what Max can do, a refusal),
 * the four starters again, less the question just asked. Opened from an article (`aboutArticle`),
 * the two article chips instead.
 */
export function suggestionChips({ messages, processing, aboutArticle }: ChipState) {
  if (aboutArticle) return ARTICLE_CHIPS;
  if (!messages.some((m) => m.role === "user")) return EMPTY_CHAT_CHIPS;
  const answer = latestAnswer(messages, processing);
  if (answer && holdsAnalysableData(answer.parts)) return FOLLOW_UP_CHIPS;
  const asked = lastQuestion(messages);
  return EMPTY_CHAT_CHIPS.filter((chip) => chip.text !== asked);
}

/**
 * Id of the greeting, which is shown first but never stored or sent
 * (docs/product/max.md#assistant-screen).
 */
export const GREETING_ID = "greeting";

/** Max's first words in every chat (our own text). */
export function greetingMessage(siteName: string): MaxMessage {
  return {
    id: GREETING_ID,
    role: "assistant",
    parts: [
      {
        type: "text",
        text:
          `Hi, I'm Max, the market analyst of ${siteName}. Ask me about a token's price and ` +
          "market data, new or trending tokens, a coin's price history, or what our research " +
          "says on a topic. Every figure comes with its date and source.",
      },
    ],
  };
}

/** The text of a message: its text parts, joined by blank lines. */
export function messageText(message: Pick<MaxMessage, "parts">): string {
  return message.parts
    .flatMap((part) => (part.type === "text" && part.text ? [part.text] : []))
    .join("\n\n");
}

/** The newest question the reader asked, or "" (what a send or a retry posts). */
export function lastQuestion(messages: readonly MaxMessage[]): string {
  for (let i = messages.length - 1; i >= 0; i--) {
    const message = messages[i]!;
    if (message.role === "user") return messageText(message);
  }
  return "";
}

/**
 * An anonymous visitor's credits ("n / 2", docs/product/max.md#assistant-credits): the newest
 * answer's metadata, else what the history said when the page opened; null for members (the server
 * sends none) or when unknown.
 */
export function currentCredits(
  messages: readonly MaxMessage[],
  fromHistory: AssistantCredits | null,
): AssistantCredits | null {
  for (let i = messages.length - 1; i >= 0; i--) {
    const credits = messages[i]!.metadata?.credits;
    if (credits) return credits;
  }
  return fromHistory;
}

/** "n / 2" with n the credits left (docs/product/max.md#assistant-credits). */
export function creditsLabel(credits: AssistantCredits): string {
  return `${credits.remaining} / ${credits.limit}`;
}

/**
 * Whether a visitor has used every free message: the question box and the chips then rest, and
 * the sign-in invitation shows (docs/product/max.md#assistant-credits, eval class R8,
 * docs/product/max.md#eval-classes).
 */
export function creditsSpent(signedIn: boolean, credits: AssistantCredits | null): boolean {
  return !signedIn && credits?.remaining === 0;
}

/**
 * "processing" from the send until the answer has streamed
 * (docs/product/max.md#assistant-conversation).
 */
export function isProcessing(status: ChatStatus): boolean {
  return status === "submitted" || status === "streaming";
}

/** What the reader sees for a provider fault flagged in an answer's metadata with no text of its own. */
export const FAULT_TEXT: Record<NonNullable<AssistantMessageMetadata["error"]>, string> = {
  timeout: "Request timed out.",
  rate_limited: "The model is busy right now (rate limited). Please try again in a moment.",
  unavailable: "The model is unavailable right now. Please try again in a moment.",
};

/** "in 40 seconds", "in 3 minutes": a wait in whole units a reader can act on. */
function waitText(seconds: number): string {
  if (seconds < 90) return `in ${seconds} second${seconds === 1 ? "" : "s"}`;
  return `in ${Math.ceil(seconds / 60)} minutes`;
}

/**
 * The reader's message for a chat request the server refused before streaming. The AI SDK puts
 * the response body in the error's message; ours is the Strapi error body `{ error: { status,
 * message, details } }` (429 with `details.retryAfterSeconds`, 400 validation). Anything else
 * (offline, a proxy page) gets a general sentence.
 */
export function chatErrorText(error: Error): string {
  try {
    const body = JSON.parse(error.message) as {
      error?: { status?: number; message?: string; details?: { retryAfterSeconds?: number } };
    };
    const retryAfter = body.error?.details?.retryAfterSeconds;
    if (body.error?.status === 429 && typeof retryAfter === "number") {
      return `You are sending messages faster than Max can answer. Please try again ${waitText(retryAfter)}.`;
    }
    if (body.error?.message) return body.error.message;
  } catch {
    // Not JSON: a network failure or a page from a proxy.
  }
  return "Max could not be reached. Check your connection and try again.";
}

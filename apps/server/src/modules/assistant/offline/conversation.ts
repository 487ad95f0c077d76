// The prompt as the offline model reads it: turns of questions and tool calls, results, the article.
import type { LanguageModelV4Prompt, LanguageModelV4ToolResultOutput } from "@ai-sdk/provider";
import type { ToolOutcome } from "./answers/outcome.ts";
import { type ArticleRef, type ConversationView, type Turn, toPlannedCall } from "./decision.ts";

/** What one model call reads from its prompt. */
export interface ReadConversation {
  view: ConversationView;
  /** Tool results of the current turn (after the last user message), with their calls' inputs. */
  outcomes: ToolOutcome[];
  /** Characters of the whole prompt, for the usage estimate. */
  characters: number;
}

/** A user message and the tool calls made after it, by call id. */
interface RawTurn {
  question: string;
  /** The assistant's text after the question (the history may keep only that). */
  answer: string;
  calls: Map<string, { toolName: string; input: unknown }>;
}

/** A tool result as a value, and whether the tool failed. */
interface ReadOutput {
  output: unknown;
  failed: boolean;
}

/** The prompt's messages sorted out: system text, turns, results by call id, characters. */
interface PromptParts {
  system: string;
  turns: RawTurn[];
  results: Map<string, ReadOutput>;
  characters: number;
}

const ARTICLE_TITLE = /^Article title:[ \t]*(.+)$/m;
const ARTICLE_SLUG = /^Article slug:[ \t]*(.+)$/m;

function jsonOrText(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** A tool result part's output as a value, and whether the tool failed. */
function readOutput(output: LanguageModelV4ToolResultOutput): ReadOutput {
  switch (output.type) {
    case "json":
      return { output: output.value, failed: false };
    case "text":
      return { output: jsonOrText(output.value), failed: false };
    case "content":
      return {
        output: jsonOrText(output.value.map((p) => (p.type === "text" ? p.text : "")).join("")),
        failed: false,
      };
    case "error-text":
    case "error-json":
      return { output: output.value, failed: true };
    case "execution-denied":
      return { output: output.reason ?? "denied", failed: true };
  }
}

/** Adds an assistant or tool message's calls to `turn` and its results to `parts`; counts characters. */
function readReplyMessage(
  content: Extract<LanguageModelV4Prompt[number], { role: "assistant" | "tool" }>["content"],
  turn: RawTurn | undefined,
  parts: PromptParts,
): void {
  for (const part of content) {
    if (part.type === "text" || part.type === "reasoning") parts.characters += part.text.length;
    if (part.type === "text" && turn) turn.answer += part.text;
    if (part.type === "tool-call") {
      parts.characters += JSON.stringify(part.input ?? {}).length + part.toolName.length;
      turn?.calls.set(part.toolCallId, { toolName: part.toolName, input: part.input });
    }
    if (part.type === "tool-result") {
      const read = readOutput(part.output);
      parts.characters += JSON.stringify(read.output ?? "").length;
      parts.results.set(part.toolCallId, read);
    }
  }
}

/** Sorts the prompt's messages: each user message opens a turn holding the tool calls after it. */
function splitPrompt(prompt: LanguageModelV4Prompt): PromptParts {
  const parts: PromptParts = { system: "", turns: [], results: new Map(), characters: 0 };
  for (const message of prompt) {
    if (message.role === "system") {
      parts.system += `${message.content}\n`;
      parts.characters += message.content.length;
      continue;
    }
    if (message.role === "user") {
      const question = message.content
        .map((p) => (p.type === "text" ? p.text : ""))
        .join("\n")
        .trim();
      parts.characters += question.length;
      parts.turns.push({ question, answer: "", calls: new Map() });
      continue;
    }
    readReplyMessage(message.content, parts.turns[parts.turns.length - 1], parts);
  }
  return parts;
}

/** The article in context from the system prompt's `Article title:`/`Article slug:` lines, or null. */
function articleOf(system: string): ArticleRef | null {
  const title = ARTICLE_TITLE.exec(system)?.[1]?.trim();
  const slug = ARTICLE_SLUG.exec(system)?.[1]?.trim();
  return title && slug ? { title, slug } : null;
}

/**
 * Reads the prompt as turns: each user message opens a turn holding the tool calls made after it.
 * The system prompt is read only for the article context lines (`Article title: …`,
 * `Article slug: …`); nothing else of it ever reaches an answer.
 */
export function readConversation(prompt: LanguageModelV4Prompt): ReadConversation {
  const { system, turns, results, characters } = splitPrompt(prompt);
  const current = turns[turns.length - 1];
  const earlierTurns: Turn[] = turns.slice(0, -1).map((t) => {
    const made = [...t.calls.entries()].flatMap(([id, c]) => {
      const planned = toPlannedCall(c.toolName, c.input);
      return planned ? [{ planned, output: results.get(id)?.output }] : [];
    });
    return {
      question: t.question,
      answer: t.answer,
      calls: made.map((m) => m.planned),
      outputs: made.map((m) => m.output),
    };
  });
  const outcomes: ToolOutcome[] = [];
  for (const [id, c] of current?.calls ?? []) {
    const result = results.get(id);
    if (result) outcomes.push({ toolName: c.toolName, input: c.input, ...result });
  }
  return {
    view: { question: current?.question ?? "", earlierTurns, article: articleOf(system) },
    outcomes,
    characters,
  };
}

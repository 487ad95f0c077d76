// Max's threads: the conversation as model input, storing a finished answer, reading and clearing it.
import type { ModelMessage } from "ai";
import type { Kysely } from "kysely";
import {
  type AssistantCredits,
  type ChatHistory,
  holdsAnalysableData,
} from "@pragmatist/contracts";
import type { Database } from "../../db/schema.ts";
import * as repo from "./assistant.repository.ts";
import type { ThreadOwner } from "./assistant.repository.ts";
import type { Asker, ChatUIMessage } from "./assistant.types.ts";

/** Messages of the thread sent with each question, and characters kept of each (OWASP LLM10). */
const HISTORY_MESSAGES = 10;
const HISTORY_MESSAGE_CHARS = 4000;

/** The thread's owner for an asker: the member, or the visitor by cookie id (not by IP). */
export function ownerOf(asker: Asker): ThreadOwner {
  return "userId" in asker ? { userId: asker.userId } : { visitorId: asker.visitorId };
}

function textOf(parts: ReadonlyArray<{ type: string; text?: string }>): string {
  return parts
    .filter((p) => p.type === "text")
    .map((p) => p.text ?? "")
    .join("")
    .trim();
}

/** The thread's recent messages as model input: text only, each capped (OWASP LLM10). */
export async function historyMessages(
  k: Kysely<Database>,
  threadId: number | null,
): Promise<ModelMessage[]> {
  if (threadId === null) return [];
  const rows = await repo.listThreadMessages(k, threadId, HISTORY_MESSAGES);
  return rows.map((r) => ({
    role: r.is_user ? "user" : "assistant",
    content: r.content.slice(0, HISTORY_MESSAGE_CHARS),
  }));
}

/**
 * True when the asker's latest stored answer holds data to analyse (`holdsAnalysableData`): what
 * "Analyze your last message for valuable insights" works on (docs/product/max.md#assistant-chips).
 * False with no thread, no answer yet, or an answer of text only (a greeting, a refusal).
 */
export async function latestAnswerHoldsData(k: Kysely<Database>, asker: Asker): Promise<boolean> {
  const threadId = await repo.findThreadId(k, ownerOf(asker));
  if (threadId === null) return false;
  const answer = (await repo.listThreadMessages(k, threadId, 2)).filter((r) => !r.is_user).at(-1);
  return answer?.parts ? holdsAnalysableData(JSON.parse(answer.parts) as unknown[]) : false;
}

/**
 * Stores a finished answer with its question in the asker's thread (opened on first use): the
 * question as text, the answer as text and its UI parts (without step-start parts), both at `at`.
 */
export async function persist(
  k: Kysely<Database>,
  at: string,
  asker: Asker,
  question: string,
  answer: ChatUIMessage,
): Promise<void> {
  const owner = ownerOf(asker);
  const threadId = await repo.openThread(k, owner, at);
  const parts = answer.parts.filter((p) => p.type !== "step-start");
  await repo.insertMessages(k, threadId, "userId" in owner ? owner.userId : null, [
    { isUser: true, content: question, parts: null, createdAt: at },
    { isUser: false, content: textOf(parts), parts, createdAt: at },
  ]);
}

/**
 * The asker's stored thread as UI messages, oldest first, and their credits
 * (docs/product/max.md#assistant-thread).
 */
export async function history(
  k: Kysely<Database>,
  asker: Asker,
  credits: (asker: Asker) => Promise<AssistantCredits | null>,
): Promise<ChatHistory> {
  const threadId = await repo.findThreadId(k, ownerOf(asker));
  const rows = threadId === null ? [] : await repo.listThreadMessages(k, threadId, 200);
  return {
    data: {
      messages: rows.map((r) => ({
        id: String(r.id),
        role: r.is_user ? "user" : "assistant",
        parts: r.parts ? (JSON.parse(r.parts) as unknown[]) : [{ type: "text", text: r.content }],
        metadata: { createdAt: r.created_at },
      })),
      credits: await credits(asker),
    },
  };
}

/**
 * Clear history (docs/product/max.md#assistant-clear-history): deletes the asker's thread and its
 * messages (credits stay spent).
 */
export async function clearHistory(k: Kysely<Database>, asker: Asker): Promise<void> {
  await repo.deleteThread(k, ownerOf(asker));
}

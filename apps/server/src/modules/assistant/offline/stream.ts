// A step as the AI SDK receives it: generated content, or stream parts paced a few words at a time.
import { setTimeout as sleep } from "node:timers/promises";
import type {
  LanguageModelV4Content,
  LanguageModelV4ResponseMetadata,
  LanguageModelV4StreamPart,
} from "@ai-sdk/provider";
import { type Step, finishReason, outputCharacters } from "./step.ts";
import { usageOf } from "./usage.ts";

/** Words per text-delta. */
const WORDS_PER_CHUNK = 3;

/** The stream parts of a step, and which of them are sent only after a pause. */
interface StreamPlan {
  parts: LanguageModelV4StreamPart[];
  /** Indexes of parts to send only after a pause (every text chunk but the first). */
  paced: Set<number>;
}

/** The text in chunks of a few words; the chunks concatenate to the text exactly. */
function chunksOf(text: string): string[] {
  const words = text.match(/\s*\S+\s*/g) ?? [text];
  const chunks: string[] = [];
  for (let i = 0; i < words.length; i += WORDS_PER_CHUNK) {
    chunks.push(words.slice(i, i + WORDS_PER_CHUNK).join(""));
  }
  return chunks;
}

/** A step as doGenerate content: its text, or its tool calls with JSON inputs. */
export function contentOf(step: Step): LanguageModelV4Content[] {
  return step.kind === "text"
    ? [{ type: "text", text: step.text }]
    : step.calls.map((c) => ({
        type: "tool-call",
        toolCallId: c.toolCallId,
        toolName: c.toolName,
        input: JSON.stringify(c.input),
      }));
}

/** A text step's parts: text-start, a text-delta per chunk (all but the first paced), text-end. */
function textParts(text: string, plan: StreamPlan): void {
  const id = "text-0";
  plan.parts.push({ type: "text-start", id });
  chunksOf(text).forEach((delta, i) => {
    if (i > 0) plan.paced.add(plan.parts.length);
    plan.parts.push({ type: "text-delta", id, delta });
  });
  plan.parts.push({ type: "text-end", id });
}

/** Each call's tool-input-start, -delta (the whole JSON input), -end, then tool-call. */
function toolCallParts(step: Extract<Step, { kind: "tool-calls" }>, plan: StreamPlan): void {
  for (const c of step.calls) {
    const input = JSON.stringify(c.input);
    plan.parts.push(
      { type: "tool-input-start", id: c.toolCallId, toolName: c.toolName },
      { type: "tool-input-delta", id: c.toolCallId, delta: input },
      { type: "tool-input-end", id: c.toolCallId },
      { type: "tool-call", toolCallId: c.toolCallId, toolName: c.toolName, input },
    );
  }
}

/**
 * The parts doStream sends for a step: stream-start, response-metadata, the text or tool-call
 * parts, then finish with the finish reason and the estimated usage.
 */
export function planStream(
  step: Step,
  metadata: LanguageModelV4ResponseMetadata,
  inputCharacters: number,
): StreamPlan {
  const plan: StreamPlan = {
    parts: [
      { type: "stream-start", warnings: [] },
      { type: "response-metadata", ...metadata },
    ],
    paced: new Set(),
  };
  if (step.kind === "text") textParts(step.text, plan);
  else toolCallParts(step, plan);
  plan.parts.push({
    type: "finish",
    finishReason: finishReason(step),
    usage: usageOf(inputCharacters, outputCharacters(step)),
  });
  return plan;
}

/** Waits `ms` milliseconds, rejecting with the signal's reason when it aborts. */
export type Pause = (ms: number, signal: AbortSignal | undefined) => Promise<void>;

/** The timer's pause. */
const timerPause: Pause = async (ms, signal) => {
  await sleep(ms, undefined, { signal });
};

/**
 * The plan's parts as a stream, one per pull; a paced part waits `delayMs` first (0: no pause)
 * through `pause` (the timer by default; tests record the pauses instead of timing them).
 * Aborting `signal` errors the stream with its reason.
 */
export function pacedStream(
  plan: StreamPlan,
  delayMs: number,
  signal: AbortSignal | undefined,
  pause: Pause = timerPause,
): ReadableStream<LanguageModelV4StreamPart> {
  const { parts, paced } = plan;
  let next = 0;
  return new ReadableStream<LanguageModelV4StreamPart>({
    async pull(controller) {
      try {
        signal?.throwIfAborted();
        if (paced.has(next) && delayMs > 0) await pause(delayMs, signal);
        const part = parts[next++];
        if (part) controller.enqueue(part);
        if (next >= parts.length) controller.close();
      } catch (error) {
        controller.error(error);
      }
    },
  });
}

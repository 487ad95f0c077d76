// Reads an AI SDK UI message stream (server-sent events) as a client does, for API tests.
import {
  type UIMessage,
  type UIMessageChunk,
  readUIMessageStream,
  simulateReadableStream,
} from "ai";
import type { AssistantMessageMetadata } from "@pragmatist/contracts";

/** An AI SDK UI message stream read to its end: its chunks and the message they make. */
export interface StreamedAnswer {
  chunks: UIMessageChunk[];
  /** The assistant message as `useChat` would hold it once the stream ends. */
  message: UIMessage<AssistantMessageMetadata>;
  /** The message's text parts joined. */
  text: string;
}

/**
 * Parses the `data:` events of an SSE body into UI message chunks and folds them into the final
 * message with the AI SDK's own reader.
 * @throws Error when the body holds no assistant message.
 */
export async function readAnswer(body: string): Promise<StreamedAnswer> {
  const chunks = body
    .split("\n")
    .filter((line) => line.startsWith("data: ") && line !== "data: [DONE]")
    .map((line) => JSON.parse(line.slice(6)) as UIMessageChunk);
  let message: UIMessage<AssistantMessageMetadata> | undefined;
  for await (const m of readUIMessageStream<UIMessage<AssistantMessageMetadata>>({
    stream: simulateReadableStream({ chunks, initialDelayInMs: null, chunkDelayInMs: null }),
  })) {
    message = m;
  }
  if (!message) throw new Error(`no assistant message in the stream: ${body.slice(0, 200)}`);
  const text = message.parts
    .filter((p) => p.type === "text")
    .map((p) => p.text)
    .join("");
  return { chunks, message, text };
}

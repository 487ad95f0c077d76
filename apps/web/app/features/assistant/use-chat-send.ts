// Sending a question to Max and retrying the last one (docs/product/max.md#assistant-screen,
// #assistant-conversation).
import { canSend } from "./chat-rules.ts";
import { loadMessageMarkdown } from "./message-bubble.tsx";
import type { ChatSession } from "./use-chat-session.ts";

/** What sending needs besides the chat session. */
export interface ChatSendOptions {
  /** The history is still being restored: nothing is sent yet. */
  loading: boolean;
  /** Raises the concurrent-send alert (an answer is still coming). */
  showBusyAlert: () => void;
  /** Scrolls the messages to the newest. */
  toBottom: () => void;
  /** A question is on its way: the screen empties the input and forgets its notice. */
  onSend: () => void;
}

/**
 * `send(text)` sends a question of 2+ characters (docs/product/max.md#assistant-conversation,
 * `canSend`), trimmed; while an answer is coming it raises the busy alert instead. `retry()`
 * resends the last question after a refusal or a provider fault (the same busy rule).
 */
export function useChatSend(session: ChatSession, options: ChatSendOptions) {
  const { messages, status, processing } = session;
  const { loading, showBusyAlert, toBottom, onSend } = options;

  function send(text: string) {
    if (!canSend(text) || loading) return;
    if (processing) {
      showBusyAlert();
      return;
    }
    // A question the server refused (429, offline) was not stored: a new one takes its place.
    if (status === "error" && messages.at(-1)?.role === "user") {
      session.setMessages(messages.slice(0, -1));
    }
    onSend();
    toBottom();
    // The question and its answer show as Markdown: fetch the renderer while the answer comes.
    void loadMessageMarkdown();
    void session.sendMessage({ text: text.trim() });
  }

  function retry() {
    if (processing) {
      showBusyAlert();
      return;
    }
    toBottom();
    void session.regenerate();
  }

  return { send, retry };
}

// The reader's stored thread with Max (docs/product/max.md#assistant-thread,
// #assistant-clear-history): restored from GET /api/assistant/history when the chat opens, deleted
// with DELETE on "Clear chat history".
import type { AssistantCredits, ChatHistory } from "@pragmatist/contracts";
import { useCallback, useEffect, useState } from "react";
import type { MaxMessage } from "./chat-rules.ts";
import { loadMessageMarkdown } from "./message-bubble.tsx";
import type { ChatSession } from "./use-chat-session.ts";

const HISTORY_URL = "/api/assistant/history";
/**
 * The history's placeholder bubble shows only when the history takes longer than this: a quick
 * (usually empty) history would otherwise make it flash and move the suggestions up (layout shift).
 */
const HISTORY_SKELETON_DELAY_MS = 400;

/** Where the restore stands: loading, ready with the visitor's credits (null for members), failed. */
export type HistoryState =
  | { status: "loading" }
  | { status: "ready"; credits: AssistantCredits | null }
  | { status: "failed" };

/** The restored history as the screen shows it; see `useChatHistory`. */
export interface RestoredHistory {
  history: HistoryState;
  /** The restore has not answered yet (sending waits for it). */
  loading: boolean;
  /** Still loading after HISTORY_SKELETON_DELAY_MS: the placeholder bubble shows. */
  slowHistory: boolean;
  /** Ids of the messages restored from the server: shown at once, not revealed. */
  restoredIds: ReadonlySet<string>;
  /** Forgets the restored ids (the history was cleared). */
  forgetRestored: () => void;
}

/**
 * Restores the reader's thread (member: by account; visitor: by cookie) into the chat once, on
 * mount. Restored answers show as Markdown from the start, so the renderer is fetched before the
 * messages are set. A failed read (non-2xx, offline) leaves the chat empty with `failed`.
 */
export function useChatHistory(setMessages: ChatSession["setMessages"]): RestoredHistory {
  const [history, setHistory] = useState<HistoryState>({ status: "loading" });
  const [restoredIds, setRestoredIds] = useState<ReadonlySet<string>>(new Set());
  const [slowHistory, setSlowHistory] = useState(false);

  useEffect(() => {
    const controller = new AbortController();
    fetch(HISTORY_URL, { headers: { accept: "application/json" }, signal: controller.signal })
      .then(async (res) => {
        if (!res.ok) throw new Error(`history: ${res.status}`);
        const { data } = (await res.json()) as ChatHistory;
        const restored = data.messages as MaxMessage[];
        // Restored answers show as Markdown from the start: their renderer comes first.
        if (restored.length > 0) await loadMessageMarkdown();
        if (controller.signal.aborted) return;
        setRestoredIds(new Set(restored.map((m) => m.id)));
        setMessages(restored);
        setHistory({ status: "ready", credits: data.credits });
      })
      .catch(() => {
        if (!controller.signal.aborted) setHistory({ status: "failed" });
      });
    return () => controller.abort();
  }, [setMessages]);

  const loading = history.status === "loading";
  useEffect(() => {
    if (!loading) return;
    const timer = setTimeout(() => setSlowHistory(true), HISTORY_SKELETON_DELAY_MS);
    return () => clearTimeout(timer);
  }, [loading]);

  const forgetRestored = useCallback(() => setRestoredIds(new Set()), []);
  return { history, loading, slowHistory, restoredIds, forgetRestored };
}

/**
 * Clear history (docs/product/max.md#assistant-clear-history): stops an answer under way, deletes
 * the stored messages and, once the server agrees, empties the chat back to the greeting
 * (`onCleared` forgets the rest of the visit's state). The outcome is told through `setNotice`, the
 * failure included.
 */
export function useClearHistory(
  session: ChatSession,
  setNotice: (notice: string | null) => void,
  onCleared: () => void,
) {
  const [clearing, setClearing] = useState(false);

  async function clearHistory() {
    if (session.processing) session.stop();
    setClearing(true);
    setNotice(null);
    try {
      const res = await fetch(HISTORY_URL, { method: "DELETE" });
      if (!res.ok) throw new Error(`clear: ${res.status}`);
      session.setMessages([]);
      session.clearError();
      onCleared();
      setNotice("Your chat history is cleared.");
    } catch {
      setNotice("Your chat history could not be cleared. Please try again.");
    } finally {
      setClearing(false);
    }
  }

  return { clearing, clearHistory };
}

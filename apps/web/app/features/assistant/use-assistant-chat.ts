// The state of Max's chat screen (docs/product/max.md#assistant-screen, #assistant-conversation,
// #assistant-credits): the session, the restored history, the input, notices, credits and chips,
// with the actions the screen offers.
import { type FormEvent, useMemo, useState } from "react";
import { useViewer } from "../../lib/viewer.ts";
import { currentCredits, greetingMessage, suggestionChips } from "./chat-rules.ts";
import type { Reader } from "./message-bubble.tsx";
import { useBusyAlert } from "./use-busy-alert.ts";
import { useChatExport } from "./use-chat-export.ts";
import { useChatHistory, useClearHistory } from "./use-chat-history.ts";
import { useChatSend } from "./use-chat-send.ts";
import { useChatSession } from "./use-chat-session.ts";
import { useStickToBottom } from "./use-stick-to-bottom.ts";

/** The article the reader came from ("Ask Max about this article"), sent as context. */
export interface ArticleContext {
  slug: string;
  title: string;
}

/**
 * The chat screen's props: the publication's name (greeting, PDF name), the article, if any, and
 * a question to put in the input, ready to send (`/assistant?ask=`, a coin page's "Ask Max").
 */
export interface AssistantChatProps {
  siteName: string;
  article: ArticleContext | null;
  question?: string | null;
}

/**
 * Everything the chat screen shows and does. `credits` is the anonymous visitor's allowance
 * (docs/product/max.md#assistant-credits; null for members, who have no counter); `chips` follow
 * `suggestionChips`; `send`, `retry`, `exportPdf` and `clearHistory` are the screen's actions.
 */
export function useAssistantChat({ siteName, article, question }: AssistantChatProps) {
  const viewer = useViewer();
  const session = useChatSession(article?.slug);
  const restore = useChatHistory(session.setMessages);
  const { busyAlert, showBusyAlert } = useBusyAlert(session.processing);
  // Set once the reader asks on this visit: the article's chips give way to the follow-ups.
  const [askedThisVisit, setAskedThisVisit] = useState(false);
  const [input, setInput] = useState(question ?? "");
  const [notice, setNotice] = useState<string | null>(null);
  const { scrollRef, contentRef, toBottom } = useStickToBottom();
  const greeting = useMemo(() => greetingMessage(siteName), [siteName]);
  const exporter = useChatExport(greeting, session.messages, siteName, setNotice);
  const clearer = useClearHistory(session, setNotice, () => {
    restore.forgetRestored();
    setAskedThisVisit(false);
  });
  const { send, retry } = useChatSend(session, {
    loading: restore.loading,
    showBusyAlert,
    toBottom,
    onSend: () => {
      setInput("");
      setNotice(null);
      setAskedThisVisit(true);
    },
  });

  const { history } = restore;
  const credits = viewer
    ? null
    : currentCredits(session.messages, history.status === "ready" ? history.credits : null);
  const reader: Reader = viewer
    ? { name: viewer.username, pictureUrl: viewer.profilePicture?.url ?? null }
    : { name: "You", pictureUrl: null };

  return {
    signedIn: !!viewer,
    reader,
    session,
    restore,
    greeting,
    credits,
    chips: suggestionChips({
      messages: session.messages,
      processing: session.processing,
      aboutArticle: !!article && !askedThisVisit,
    }),
    input,
    setInput,
    notice,
    busyAlert,
    scrollRef,
    contentRef,
    send,
    retry,
    onSubmit(event: FormEvent) {
      event.preventDefault();
      send(input);
    },
    ...exporter,
    ...clearer,
  };
}

/** The chat screen's state and actions, as `useAssistantChat` returns them. */
export type AssistantChatState = ReturnType<typeof useAssistantChat>;

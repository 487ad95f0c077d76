// The chat's scrolling messages area (460 px, docs/product/max.md#assistant-screen,
// #assistant-thread): the conversation, the history's notes and the suggestion chips under it.
import type { ReactNode, RefObject } from "react";
import { Button } from "../../components/ui/button.tsx";
import { chatErrorText, lastQuestion, type MaxMessage, type SuggestionChip } from "./chat-rules.ts";
import { AnswerBubble, MaxBubble, UserBubble } from "./message-bubble.tsx";
import { hasContent } from "./message-parts.ts";
import type { AssistantChatState } from "./use-assistant-chat.ts";

/** The 460 px scroll area (`scrollRef`) around its content (`contentRef`), see useStickToBottom. */
export function ChatScrollArea(props: {
  scrollRef: RefObject<HTMLDivElement | null>;
  contentRef: RefObject<HTMLDivElement | null>;
  children: ReactNode;
}) {
  return (
    <div
      ref={props.scrollRef}
      role="region"
      aria-label="Messages"
      // Scrollable, so reachable by keyboard (WCAG 2.1.1).
      tabIndex={0}
      className="relative h-[460px] shrink-0 overflow-y-auto overscroll-contain px-2.5 py-4 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-accent sm:px-5"
    >
      <div ref={props.contentRef}>{props.children}</div>
    </div>
  );
}

/** A refused request (429, offline): the reason, and Retry when there is a question to resend. */
function RefusalNotice({
  error,
  messages,
  onRetry,
}: {
  error: Error;
  messages: readonly MaxMessage[];
  onRetry: () => void;
}) {
  return (
    <MaxBubble notice>
      <p role="alert">{chatErrorText(error)}</p>
      {lastQuestion(messages) && (
        <Button variant="secondary" className="mt-3" onClick={onRetry}>
          Retry
        </Button>
      )}
    </MaxBubble>
  );
}

/**
 * The conversation (a log, busy while an answer comes or the history loads): the greeting, the
 * messages (restored ones shown at once, this visit's answers revealed), Max waiting for an
 * answer's first part, a refused request's notice with Retry (the newest answer also gets Retry
 * for a provider fault), and the history's placeholder when it is slow.
 */
export function MessageList({ chat }: { chat: AssistantChatState }) {
  const { messages, processing, status, error } = chat.session;
  const { loading, slowHistory, restoredIds } = chat.restore;
  const last = messages.at(-1);
  return (
    <div role="log" aria-label="Conversation with Max" aria-busy={processing || loading}>
      <ol className="flex flex-col gap-4">
        <AnswerBubble message={chat.greeting} animate={false} waiting={false} plain />
        {messages.map((message) =>
          message.role === "user" ? (
            <UserBubble key={message.id} message={message} reader={chat.reader} />
          ) : (
            <AnswerBubble
              key={message.id}
              message={message}
              animate={!restoredIds.has(message.id)}
              waiting={processing && message === last && !hasContent(message)}
              onRetry={message === last ? chat.retry : undefined}
            />
          ),
        )}
        {status === "submitted" && last?.role !== "assistant" && <MaxBubble waiting />}
        {status === "error" && error && (
          <RefusalNotice error={error} messages={messages} onRetry={chat.retry} />
        )}
        {loading && slowHistory && (
          <li aria-hidden="true" className="flex justify-end">
            <span className="h-9 w-1/2 animate-pulse rounded-2xl bg-line/70" />
          </li>
        )}
      </ol>
    </div>
  );
}

/** Under the log: the history could not be read, and the latest notice (export, clear). */
export function ChatNotes({ failed, notice }: { failed: boolean; notice: string | null }) {
  return (
    <>
      {failed && (
        <p className="mt-4 text-center text-sm text-muted">
          Your earlier messages could not be loaded.
        </p>
      )}
      {notice && (
        <p role="status" className="mt-4 text-center text-sm text-muted">
          {notice}
        </p>
      )}
    </>
  );
}

/**
 * The suggestion chips (docs/product/max.md#assistant-chips); a click sends the chip's text.
 * Disabled while history loads.
 */
export function SuggestionChips(props: {
  chips: readonly SuggestionChip[];
  disabled: boolean;
  onPick: (text: string) => void;
}) {
  return (
    <ul aria-label="Suggestions" className="mt-5 flex flex-wrap gap-2 pl-[43px] sm:pl-[45px]">
      {props.chips.map((chip) => (
        <li key={chip.text} className={chip.hideOnMobile ? "hidden sm:block" : undefined}>
          <button
            type="button"
            onClick={() => props.onPick(chip.text)}
            disabled={props.disabled}
            className="rounded-full border border-line bg-surface px-3 py-1.5 text-left text-sm text-ink transition-colors hover:border-accent/60 hover:text-accent focus-visible:outline-2 focus-visible:outline-accent disabled:opacity-50"
          >
            {chip.text}
          </button>
        </li>
      ))}
    </ul>
  );
}

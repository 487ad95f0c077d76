// Max's chat panel (spec §2 Assistant screen, §4 Assistant/Thread/Clear history, §6 credits, §8):
// the history restored from the server, answers streamed over POST /api/assistant/chat (AI SDK UI
// message stream), suggestion chips, credits for visitors, PDF export and clear history.
import { useChat } from "@ai-sdk/react";
import type { AssistantCredits, ChatHistory } from "@pragmatist/contracts";
import { DefaultChatTransport } from "ai";
import { type FormEvent, useEffect, useMemo, useRef, useState } from "react";
import { Link } from "react-router";
import { Button } from "../../components/ui/button.tsx";
import { FileDownloadIcon, SendIcon, Spinner, TrashIcon } from "../../components/ui/icons.tsx";
import { useViewer } from "../../lib/viewer.ts";
import { AssistantFrame, chatPanelClass } from "./assistant-frame.tsx";
import {
  BUSY_ALERT,
  canSend,
  chatErrorText,
  creditsLabel,
  currentCredits,
  greetingMessage,
  isProcessing,
  lastQuestion,
  type MaxMessage,
  PATIENCE_NOTE,
  QUESTION_MAX_LENGTH,
  suggestionChips,
} from "./chat-rules.ts";
import { exportFileName, exportLines } from "./export-lines.ts";
import {
  AnswerBubble,
  loadMessageMarkdown,
  MaxBubble,
  type Reader,
  UserBubble,
} from "./message-bubble.tsx";
import { hasContent } from "./message-parts.ts";
import { useStickToBottom } from "./use-stick-to-bottom.ts";

const CHAT_URL = "/api/assistant/chat";
const HISTORY_URL = "/api/assistant/history";
/** How long the concurrent-send alert stays up. */
const BUSY_ALERT_MS = 4000;
/**
 * The history's placeholder bubble shows only when the history takes longer than this: a quick
 * (usually empty) history would otherwise make it flash and move the suggestions up (layout shift).
 */
const HISTORY_SKELETON_DELAY_MS = 400;

/** The article the reader came from ("Ask Max about this article"), sent as context. */
export interface ArticleContext {
  slug: string;
  title: string;
}

type HistoryState =
  | { status: "loading" }
  | { status: "ready"; credits: AssistantCredits | null }
  | { status: "failed" };

const iconButton =
  "inline-flex size-9 items-center justify-center rounded-lg text-muted transition-colors hover:bg-line/60 hover:text-ink focus-visible:outline-2 focus-visible:outline-accent disabled:cursor-not-allowed disabled:opacity-50";

export function AssistantChat({
  siteName,
  article,
}: {
  siteName: string;
  article: ArticleContext | null;
}) {
  const viewer = useViewer();
  const reader: Reader = viewer
    ? { name: viewer.username, pictureUrl: viewer.profilePicture?.url ?? null }
    : { name: "You", pictureUrl: null };

  // The request carries the new question only (the server keeps the thread) and the article.
  const articleSlug = useRef(article?.slug);
  articleSlug.current = article?.slug;
  const transport = useMemo(
    () =>
      new DefaultChatTransport<MaxMessage>({
        api: CHAT_URL,
        prepareSendMessagesRequest: ({ messages }) => ({
          body: {
            text: lastQuestion(messages),
            ...(articleSlug.current ? { articleSlug: articleSlug.current } : {}),
          },
        }),
      }),
    [],
  );
  const { messages, setMessages, sendMessage, regenerate, stop, status, error, clearError } =
    useChat<MaxMessage>({ id: "max", transport });
  const processing = isProcessing(status);

  const [history, setHistory] = useState<HistoryState>({ status: "loading" });
  // Messages restored from the server show at once; answers streamed on this visit are revealed.
  const [restoredIds, setRestoredIds] = useState<ReadonlySet<string>>(new Set());
  const [askedThisVisit, setAskedThisVisit] = useState(false);
  const [input, setInput] = useState("");
  const [busyAlert, setBusyAlert] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const [exporting, setExporting] = useState(false);
  const [clearing, setClearing] = useState(false);
  const [slowHistory, setSlowHistory] = useState(false);
  const { scrollRef, contentRef, toBottom } = useStickToBottom();

  // Spec §4 Thread: the reader's thread (member: by account; visitor: by cookie) is restored.
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

  useEffect(() => {
    if (!busyAlert) return;
    const timer = setTimeout(() => setBusyAlert(false), BUSY_ALERT_MS);
    return () => clearTimeout(timer);
  }, [busyAlert]);
  useEffect(() => {
    if (!processing) setBusyAlert(false);
  }, [processing]);

  const loading = history.status === "loading";
  useEffect(() => {
    if (!loading) return;
    const timer = setTimeout(() => setSlowHistory(true), HISTORY_SKELETON_DELAY_MS);
    return () => clearTimeout(timer);
  }, [loading]);
  const greeting = useMemo(() => greetingMessage(siteName), [siteName]);
  const credits = viewer
    ? null
    : currentCredits(messages, history.status === "ready" ? history.credits : null);
  const started = messages.some((m) => m.role === "user");
  const chips = suggestionChips({ started, aboutArticle: !!article && !askedThisVisit });
  const last = messages.at(-1);

  /** Spec §2/§4: sends a question of 2+ characters; while an answer is coming, the alert instead. */
  function send(text: string) {
    if (!canSend(text) || loading) return;
    if (processing) {
      setBusyAlert(true);
      return;
    }
    // A question the server refused (429, offline) was not stored: a new one takes its place.
    if (status === "error" && last?.role === "user") setMessages(messages.slice(0, -1));
    setInput("");
    setNotice(null);
    setAskedThisVisit(true);
    toBottom();
    // The question and its answer show as Markdown: fetch the renderer while the answer comes.
    void loadMessageMarkdown();
    void sendMessage({ text: text.trim() });
  }

  /** Resends the last question after a refusal or a provider fault. */
  function retry() {
    if (processing) {
      setBusyAlert(true);
      return;
    }
    toBottom();
    void regenerate();
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    send(input);
  }

  async function exportPdf() {
    setExporting(true);
    try {
      const { saveChatPdf } = await import("./chat-pdf.ts");
      saveChatPdf(exportLines([greeting, ...messages]), exportFileName(siteName));
    } catch {
      setNotice("The PDF could not be created. Please try again.");
    } finally {
      setExporting(false);
    }
  }

  /** Spec §4 Clear history: deletes the stored messages, back to the greeting, thread forgotten. */
  async function clearHistory() {
    if (processing) stop();
    setClearing(true);
    setNotice(null);
    try {
      const res = await fetch(HISTORY_URL, { method: "DELETE" });
      if (!res.ok) throw new Error(`clear: ${res.status}`);
      setMessages([]);
      clearError();
      setRestoredIds(new Set());
      setAskedThisVisit(false);
      setNotice("Your chat history is cleared.");
    } catch {
      setNotice("Your chat history could not be cleared. Please try again.");
    } finally {
      setClearing(false);
    }
  }

  return (
    <AssistantFrame
      actions={
        <>
          {credits && (
            <p
              className="mr-2 flex items-baseline gap-1.5 text-sm text-muted"
              title="Free messages left; sign in for unlimited use"
            >
              <span>Free messages</span>
              <span className="tabular rounded-md border border-line bg-surface px-1.5 py-0.5 font-semibold text-ink">
                {creditsLabel(credits)}
              </span>
            </p>
          )}
          {messages.length > 0 && (
            <button
              type="button"
              className={iconButton}
              onClick={() => void exportPdf()}
              disabled={exporting}
              aria-label="Export chat as PDF"
              title="Export chat as PDF"
            >
              {exporting ? <Spinner size={18} /> : <FileDownloadIcon />}
            </button>
          )}
          {viewer && (
            <button
              type="button"
              className={iconButton}
              onClick={() => void clearHistory()}
              disabled={clearing || loading}
              aria-label="Clear chat history"
              title="Clear chat history"
            >
              {clearing ? <Spinner size={18} /> : <TrashIcon />}
            </button>
          )}
        </>
      }
    >
      {article && (
        <p className="mt-3 flex items-baseline gap-2 rounded-lg border border-line bg-surface px-3 py-2 text-sm">
          <span className="shrink-0 font-medium text-muted">About:</span>
          <Link
            to={`/p/${encodeURIComponent(article.slug)}`}
            className="min-w-0 truncate font-medium hover:underline"
          >
            {article.title}
          </Link>
          <Link
            to="/assistant"
            className="ml-auto shrink-0 text-xs text-muted hover:text-ink"
            aria-label="Remove the article from the chat"
          >
            Remove
          </Link>
        </p>
      )}

      <div className={chatPanelClass}>
        <div
          ref={scrollRef}
          role="region"
          aria-label="Messages"
          // Scrollable, so reachable by keyboard (WCAG 2.1.1).
          tabIndex={0}
          className="relative h-[460px] shrink-0 overflow-y-auto overscroll-contain px-2.5 py-4 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-accent sm:px-5"
        >
          <div ref={contentRef}>
            <div role="log" aria-label="Conversation with Max" aria-busy={processing || loading}>
              <ol className="flex flex-col gap-4">
                <AnswerBubble message={greeting} animate={false} waiting={false} plain />
                {messages.map((message) =>
                  message.role === "user" ? (
                    <UserBubble key={message.id} message={message} reader={reader} />
                  ) : (
                    <AnswerBubble
                      key={message.id}
                      message={message}
                      animate={!restoredIds.has(message.id)}
                      waiting={processing && message === last && !hasContent(message)}
                      onRetry={message === last ? retry : undefined}
                    />
                  ),
                )}
                {status === "submitted" && last?.role !== "assistant" && <MaxBubble waiting />}
                {status === "error" && error && (
                  <MaxBubble notice>
                    <p role="alert">{chatErrorText(error)}</p>
                    {lastQuestion(messages) && (
                      <Button variant="secondary" className="mt-3" onClick={retry}>
                        Retry
                      </Button>
                    )}
                  </MaxBubble>
                )}
                {loading && slowHistory && (
                  <li aria-hidden="true" className="flex justify-end">
                    <span className="h-9 w-1/2 animate-pulse rounded-2xl bg-line/70" />
                  </li>
                )}
              </ol>
            </div>
            {history.status === "failed" && (
              <p className="mt-4 text-center text-sm text-muted">
                Your earlier messages could not be loaded.
              </p>
            )}
            {notice && (
              <p role="status" className="mt-4 text-center text-sm text-muted">
                {notice}
              </p>
            )}
            <ul
              aria-label="Suggestions"
              className="mt-5 flex flex-wrap gap-2 pl-[43px] sm:pl-[45px]"
            >
              {chips.map((chip) => (
                <li key={chip.text} className={chip.hideOnMobile ? "hidden sm:block" : undefined}>
                  <button
                    type="button"
                    onClick={() => send(chip.text)}
                    disabled={loading}
                    className="rounded-full border border-line bg-surface px-3 py-1.5 text-left text-sm text-ink transition-colors hover:border-accent/60 hover:text-accent focus-visible:outline-2 focus-visible:outline-accent disabled:opacity-50"
                  >
                    {chip.text}
                  </button>
                </li>
              ))}
            </ul>
          </div>
        </div>

        <form
          onSubmit={onSubmit}
          className="relative flex h-[80px] shrink-0 flex-col justify-center gap-1.5 border-t border-line bg-surface px-3 sm:px-5"
        >
          {busyAlert && (
            <p
              role="alert"
              className="absolute inset-x-3 bottom-full mb-2 rounded-lg border border-line bg-surface px-3 py-2 text-center text-sm shadow-md"
            >
              {BUSY_ALERT}
            </p>
          )}
          <div className="flex items-center gap-2">
            <input
              type="text"
              name="question"
              value={input}
              onChange={(e) => setInput(e.target.value)}
              placeholder="Send a message"
              aria-label="Send a message"
              maxLength={QUESTION_MAX_LENGTH}
              autoComplete="off"
              enterKeyHint="send"
              className="h-10 min-w-0 flex-1 rounded-lg border border-line bg-page px-3 text-[0.9375rem] placeholder:text-muted focus:border-accent focus:outline-none"
            />
            <button
              type="submit"
              aria-label="Send message"
              title="Send message"
              disabled={!canSend(input) || loading}
              className="inline-flex size-10 shrink-0 items-center justify-center rounded-lg bg-accent text-accent-ink transition-colors hover:bg-accent/90 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent disabled:cursor-not-allowed disabled:opacity-40"
            >
              <SendIcon size={18} />
            </button>
          </div>
          <p className="text-center text-xs text-muted">{PATIENCE_NOTE}</p>
        </form>
      </div>
      {!viewer && credits?.remaining === 0 && (
        <p className="mt-3 text-sm text-muted">
          <Link to="/login?next=/assistant" className="font-medium text-accent hover:underline">
            Sign in
          </Link>{" "}
          for unlimited questions and a history that follows you.
        </p>
      )}
    </AssistantFrame>
  );
}

// One chat message (docs/product/max.md#message-bubble): the reader's on the right with their
// avatar, Max's on the left with the product icon (35 px; at most 95 % wide), waiting (icon spins,
// no text), then the text revealed as it streams, with stats cards, charts and sources below it.
import { lazy, type ReactNode, Suspense } from "react";
import { Avatar } from "../../components/ui/avatar.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Skeleton } from "../../components/ui/skeleton.tsx";
import { CandleChart } from "../../components/market/candle-chart.tsx";
import { FAULT_TEXT, type MaxMessage, messageText } from "./chat-rules.ts";
import { markdownLines } from "./markdown-lines.ts";
import { MaxAvatar } from "./max-avatar.tsx";
import { messageSources, messageVisuals } from "./message-parts.ts";
import { ResearchSources } from "./research-sources.tsx";
import { TokenCard } from "./token-card.tsx";
import { useRevealedText } from "./use-revealed-text.ts";

/**
 * The Markdown renderer (react-markdown, remark-gfm: as much script as the rest of the chat) is a
 * chunk of its own, fetched for the first message that needs it; the empty chat, its greeting
 * plain text, loads without it. Call to fetch it ahead (a question is on its way).
 */
export const loadMessageMarkdown = () =>
  import("./message-markdown.tsx").then((module) => {
    loadedMarkdown = module.MessageMarkdown;
    return module;
  });
/** The renderer once loaded: messages rendered after that use it directly, with no fallback. */
let loadedMarkdown: ((props: { text: string; partial?: boolean }) => ReactNode) | null = null;
const LazyMessageMarkdown = lazy(() =>
  loadMessageMarkdown().then((module) => ({ default: module.MessageMarkdown })),
);

/** The text's lines as plain paragraphs, spaced as the Markdown renderer spaces them. */
function PlainLines({ text }: { text: string }) {
  return (
    <div className="space-y-1.5 break-words">
      {markdownLines(text).map((line, i) => (
        <p key={i}>{line}</p>
      ))}
    </div>
  );
}

/**
 * A message's text as Markdown, shown as plain lines while the renderer loads; `partial` while
 * the text is still arriving or being revealed.
 */
function MessageText({ text, partial }: { text: string; partial: boolean }) {
  const Loaded = loadedMarkdown;
  if (Loaded) return <Loaded text={text} partial={partial} />;
  return (
    <Suspense fallback={<PlainLines text={text} />}>
      <LazyMessageMarkdown text={text} partial={partial} />
    </Suspense>
  );
}

/** The reader as their bubble shows them: name for the initials, picture when they have one. */
export interface Reader {
  name: string;
  pictureUrl: string | null;
}

/** The reader's message: on the right, with their avatar (35 px), its text as Markdown. */
export function UserBubble({ message, reader }: { message: MaxMessage; reader: Reader }) {
  return (
    <li className="flex items-start justify-end gap-2 sm:gap-2.5" data-role="user">
      <div className="max-w-[85%] min-w-0 rounded-2xl rounded-tr-md bg-accent/12 px-3.5 py-2 text-[0.9375rem] leading-relaxed">
        <span className="sr-only">You said: </span>
        <MessageText text={messageText(message)} partial={false} />
      </div>
      <Avatar name={reader.name} url={reader.pictureUrl} size={35} />
    </li>
  );
}

/**
 * Max's side of the conversation: icon, then the bubble with `children`. `notice` marks a bubble
 * that is not an answer (a refused or lost request), so it is not taken for one. The bubble is
 * aria-busy while its answer is awaited or still being revealed, so assistive technology reads
 * it once complete.
 */
export function MaxBubble({
  waiting = false,
  revealing = false,
  notice = false,
  children,
}: {
  waiting?: boolean;
  revealing?: boolean;
  notice?: boolean;
  children?: ReactNode;
}) {
  return (
    <li
      className="flex items-start gap-2 sm:gap-2.5"
      data-role={notice ? "notice" : "assistant"}
      aria-busy={waiting || revealing || undefined}
    >
      <MaxAvatar spinning={waiting} />
      <div className="max-w-[95%] min-w-0 rounded-2xl rounded-tl-md border border-line bg-surface px-3 py-2.5 sm:px-3.5 text-[0.9375rem] leading-relaxed">
        <span className="sr-only">Max: </span>
        {waiting ? (
          <>
            <span className="sr-only">Max is thinking</span>
            <span aria-hidden="true" className="flex w-40 flex-col gap-2 py-1">
              <Skeleton className="h-2.5 w-full" />
              <Skeleton className="h-2.5 w-2/3" />
            </span>
          </>
        ) : (
          children
        )}
      </div>
    </li>
  );
}

/** What an answer's bubble shows and how; see `AnswerBubble`. */
export interface AnswerBubbleProps {
  message: MaxMessage;
  /**
   * Reveal the text at the pace of docs/product/max.md#message-bubble (an answer streamed in this
   * visit, not history).
   */
  animate: boolean;
  /** Nothing to show yet: the icon spins and the text is hidden. */
  waiting: boolean;
  /** Resends the last question; given for the newest answer only. */
  onRetry?: (() => void) | undefined;
  /** Text without Markdown (the greeting): shown as plain lines, no renderer fetched. */
  plain?: boolean;
}

/** An answer of Max: its text, cards and charts, sources, and Retry after a provider fault. */
export function AnswerBubble({ message, animate, waiting, onRetry, plain }: AnswerBubbleProps) {
  const fault = message.metadata?.error;
  const text = messageText(message) || (fault ? FAULT_TEXT[fault] : "");
  const shown = useRevealedText(text, animate);
  const revealing = shown.length < text.length;
  const arriving = message.parts.some((p) => p.type === "text" && p.state === "streaming");
  const visuals = messageVisuals(message);
  const sources = messageSources(message);
  return (
    <MaxBubble waiting={waiting} revealing={revealing}>
      {plain ? (
        <PlainLines text={shown} />
      ) : (
        <MessageText text={shown} partial={revealing || arriving} />
      )}
      {visuals.map((visual) =>
        visual.kind === "token" ? (
          <TokenCard key={visual.key} token={visual.token} />
        ) : (
          <CandleChart key={visual.key} ohlc={visual.ohlc} />
        ),
      )}
      {!revealing && sources.length > 0 && <ResearchSources sources={sources} />}
      {fault && onRetry && !revealing && (
        <Button variant="secondary" className="mt-3" onClick={onRetry}>
          Retry
        </Button>
      )}
    </MaxBubble>
  );
}

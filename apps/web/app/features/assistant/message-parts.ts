// What an answer shows besides its text (docs/product/max.md#assistant): the stats card of a token
// lookup, the chart of a price history, and the research it cites. Read from the message's tool
// parts; pure.
import type { MarketError, Ohlc, TokenData } from "@pragmatist/contracts";
import { type MaxMessage, messageText } from "./chat-rules.ts";

/** A figure block inside an answer: a token's stats card or a coin's candlestick chart. */
export type Visual =
  { kind: "token"; key: string; token: TokenData } | { kind: "ohlc"; key: string; ohlc: Ohlc };

/** One cited source: our research (`/p/{slug}`, numbered as the answer cites it) or a web page. */
export interface Source {
  n: number | null;
  title: string;
  url: string;
  publishDate: string | null;
  /** The heading of the section the passage came from (null: the opening, or a web page). */
  section: string | null;
}

/**
 * A tool result that is data, not the error shape ({ error: "No results found" },
 * docs/product/max.md#max-tools).
 */
function isData<T extends object>(output: T): output is Exclude<T, MarketError> {
  return !("error" in output);
}

/** The stats cards and charts of an answer, in the order its tools returned them. */
export function messageVisuals(message: MaxMessage): Visual[] {
  const visuals: Visual[] = [];
  for (const part of message.parts) {
    if (part.type === "tool-getTokenData" && part.state === "output-available") {
      if (isData(part.output)) {
        visuals.push({ kind: "token", key: part.toolCallId, token: part.output });
      }
    } else if (part.type === "tool-getOhlc" && part.state === "output-available") {
      if (isData(part.output))
        visuals.push({ kind: "ohlc", key: part.toolCallId, ohlc: part.output });
    }
  }
  return visuals;
}

/**
 * The sources an answer drew on that its text does not already link: the passages of its research
 * searches (numbered as cited, `[n]`), then any web sources the model attached; each address once.
 */
export function messageSources(message: MaxMessage): Source[] {
  const text = messageText(message);
  const sources: Source[] = [];
  const seen = new Set<string>();
  const add = (source: Source) => {
    if (seen.has(source.url) || text.includes(`](${source.url})`)) return;
    seen.add(source.url);
    sources.push(source);
  };
  for (const part of message.parts) {
    if (part.type === "tool-searchResearch" && part.state === "output-available") {
      for (const passage of part.output.passages) {
        add({
          n: passage.n,
          title: passage.title,
          url: passage.url,
          publishDate: passage.publishDate,
          section: passage.section ?? null,
        });
      }
    } else if (part.type === "source-url") {
      add({
        n: null,
        title: part.title ?? part.url,
        url: part.url,
        publishDate: null,
        section: null,
      });
    }
  }
  return sources;
}

/** True once an answer has something to show: text, a card or a chart (else it is still waiting). */
export function hasContent(message: MaxMessage): boolean {
  return messageText(message).trim() !== "" || messageVisuals(message).length > 0;
}

// Tools for the offline model's end-to-end tests: the market tools answer from the offline snapshot
// as the app does without a CoinGecko key; research from the shared ethereum.org articles.
import { readFileSync } from "node:fs";
import {
  type AssistantToolOutputs,
  type Candle,
  type ResearchPassage,
  type TokenData,
  assistantToolInputs,
  formatSignedPercent,
  isMarketError,
} from "@pragmatist/contracts";
import { type ModelMessage, isStepCount, streamText, tool } from "ai";
import { sharedArticles } from "../../../testing/shared-data.ts";
import { SYSTEM, model, snapshot } from "./test-kit.ts";
import { withinPeriod } from "../../market/ohlc-period.ts";

/** A day as the answers write it: "3 May 2026" (en-GB, UTC). */
export const day = (at: string | number) =>
  new Intl.DateTimeFormat("en-GB", {
    day: "numeric",
    month: "short",
    year: "numeric",
    timeZone: "UTC",
  }).format(new Date(at));
/** A price as the answers write it: "$78,428.00". */
export const usd = (n: number) =>
  `$${n.toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
/** A change as the answers say it: "up 0.28%", "down 2.93%". */
export const moved = (percent: number) =>
  `${percent > 0 ? "up" : "down"} ${formatSignedPercent(percent).replace(/^[+-]/, "")}`;
/** An answer's first line. */
export const firstLine = (text: string) => text.split("\n")[0] ?? "";

/**
 * getTokenData's output as the app gives it without a CoinGecko key (the offline snapshot), with
 * `overrides` on a found coin; the snapshot's error otherwise (docs/product/max.md#max-tools).
 */
export function tokenData(
  query: string,
  overrides: Partial<AssistantToolOutputs["getTokenData"]> = {},
) {
  const found = snapshot.tokenData(query);
  return isMarketError(found) ? found : { ...found, ...overrides };
}

/** A coin's snapshot data, for expectations; throws when the snapshot lacks it. */
export function snapshotToken(id: string): TokenData {
  const found = snapshot.tokenData(id);
  if (isMarketError(found) || found.id !== id) throw new Error(`the snapshot has no ${id}`);
  return found;
}

/** getOhlc's output from the snapshot: candles counted back from the history's last day. */
export function ohlcData(query: string, days: number | "max"): AssistantToolOutputs["getOhlc"] {
  return snapshot.ohlc(query, days);
}

/** The candles the snapshot serves for a coin with history over `days`; throws without them. */
export function candles(id: string, days: number | "max"): Candle[] {
  const found = snapshot.ohlc(id, days);
  if (isMarketError(found)) throw new Error(`the snapshot has no history for ${id}`);
  return found.candles;
}

const ARTICLES = [
  "scaling--optimistic-rollups",
  "scaling--zk-rollups",
  "scaling",
  "roadmap--merge",
  "staking--solo",
];

function passages(query: string): ResearchPassage[] {
  const words = query
    .toLowerCase()
    .split(/\W+/)
    .filter((w) => w.length > 2);
  return ARTICLES.flatMap((slug) => {
    const file = readFileSync(`${sharedArticles}/ethereum-org/${slug}.md`, "utf8");
    const title = /^title:\s*(.+)$/m.exec(file)?.[1] ?? slug;
    const body = file
      .replace(/^---[\s\S]*?---/, "")
      .replace(/\[([^\]]*)\]\([^)]*\)/g, "$1")
      .replace(/[#*_`<>]|\{#[^}]*\}/g, "")
      .replace(/\s+/g, " ");
    const at = body.toLowerCase().indexOf(words[0] ?? "");
    if (at < 0) return [];
    return [{ title, slug, excerpt: body.slice(Math.max(0, at - 60), at + 340).trim() }];
  })
    .slice(0, 3)
    .map((p, i) => ({
      n: i + 1,
      ...p,
      url: `/p/${p.slug}`,
      publishDate: "2026-03-12T00:00:00.000Z",
    }));
}

/** Replacements for a tool's behaviour in one test. */
export interface ToolBehaviour {
  getTokenData?: (query: string) => unknown;
  getOhlc?: (query: string, days: number | "max") => unknown;
}

/** The assistant's tools over the shared data, as the AI SDK's streamText runs them. */
export function tools(behaviour: ToolBehaviour = {}) {
  return {
    getTokenData: tool({
      description: "Current market data for one coin.",
      inputSchema: assistantToolInputs.getTokenData,
      execute: async ({ query }) => (behaviour.getTokenData ?? tokenData)(query),
    }),
    getNewTokens: tool({
      description: "Recently listed coins.",
      inputSchema: assistantToolInputs.getNewTokens,
      execute: async () => snapshot.newTokens(),
    }),
    getTrendingTokens: tool({
      description: "Trending coins.",
      inputSchema: assistantToolInputs.getTrendingTokens,
      execute: async () => snapshot.trending(),
    }),
    getOhlc: tool({
      description: "Price history candles.",
      inputSchema: assistantToolInputs.getOhlc,
      execute: async ({ query, days, from, to }) =>
        behaviour.getOhlc
          ? behaviour.getOhlc(query, days)
          : withinPeriod(ohlcData(query, days), from, to),
    }),
    searchResearch: tool({
      description: "Search our research library.",
      inputSchema: assistantToolInputs.searchResearch,
      execute: async ({ query }) => ({ query, passages: passages(query) }),
    }),
  };
}

/** Asks the offline model through streamText with `tools`: the answer text, its streamed chunks and the steps. */
export async function ask(question: string, behaviour?: ToolBehaviour, instructions = SYSTEM) {
  const result = streamText({
    model,
    instructions,
    prompt: question,
    tools: tools(behaviour),
    stopWhen: isStepCount(5),
  });
  const chunks: string[] = [];
  for await (const chunk of result.textStream) chunks.push(chunk);
  return { text: await result.text, chunks, steps: await result.steps };
}

/**
 * Runs the model through streamText with `tools` on a follow-up: an earlier `question` and its
 * `answer` (text only, as the history keeps them), then `next`.
 */
export function followUp(question: string, answer: string, next: string) {
  const messages: ModelMessage[] = [
    { role: "user", content: question },
    { role: "assistant", content: answer },
    { role: "user", content: next },
  ];
  return streamText({
    model,
    instructions: SYSTEM,
    messages,
    tools: tools(),
    stopWhen: isStepCount(5),
  });
}

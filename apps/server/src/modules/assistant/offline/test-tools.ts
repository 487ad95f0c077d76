// Tools for the offline model's end-to-end tests: contract-shaped results from the shared real data.
import { readFileSync } from "node:fs";
import {
  type AssistantToolOutputs,
  type Candle,
  MARKET_ERRORS,
  type ResearchPassage,
  assistantToolInputs,
} from "@pragmatist/contracts";
import { type ModelMessage, isStepCount, streamText, tool } from "ai";
import { DATA, SYSTEM, markets, model } from "./test-kit.ts";

/**
 * getTokenData's output for a coin of the snapshot (by id, ticker or name), with `overrides`;
 * "No results" otherwise (docs/product.md#max-tools).
 */
export function tokenData(
  query: string,
  overrides: Partial<AssistantToolOutputs["getTokenData"]> = {},
) {
  const q = query.toLowerCase();
  const row = markets.find((m) => m.id === q || m.symbol === q || m.name.toLowerCase() === q);
  if (!row) return { error: MARKET_ERRORS.noResults, query };
  return {
    asOf: row.last_updated,
    source: "snapshot" as const,
    stale: false,
    ageSeconds: 0,
    id: row.id,
    symbol: row.symbol,
    name: row.name,
    rank: row.market_cap_rank,
    priceUsd: row.current_price,
    change24hPercent: row.price_change_percentage_24h,
    marketCapUsd: row.market_cap,
    volume24hUsd: row.total_volume,
    high24hUsd: row.high_24h,
    low24hUsd: row.low_24h,
    circulatingSupply: row.circulating_supply,
    maxSupply: row.max_supply,
    athUsd: row.ath,
    description: `${row.name} is a cryptocurrency.`,
    homepage: null,
    categories: [],
    ...overrides,
  };
}

const PRICE_FILES: Record<string, string> = {
  bitcoin: "BTC",
  ethereum: "ETH",
  solana: "SOL",
  binancecoin: "BNB",
};
const OHLC_PERIODS = [1, 7, 14, 30, 90, 180, 365];

/** The last `days` daily candles of a coin from its price CSV (bitcoin, ethereum, solana, binancecoin). */
export function candles(id: string, days: number): Candle[] {
  const rows = readFileSync(`${DATA}/prices/${PRICE_FILES[id]}-USD.csv`, "utf8")
    .trim()
    .split("\n")
    .slice(1);
  return rows.slice(-days).map((line) => {
    const [date, open, high, low, close] = line.split(",");
    return {
      time: Math.floor(Date.parse(String(date).replace(" ", "T")) / 1000),
      open: Number(open),
      high: Number(high),
      low: Number(low),
      close: Number(close),
    };
  });
}

function ohlcData(query: string, days: number): AssistantToolOutputs["getOhlc"] {
  const row = markets.find((m) => m.id === query.toLowerCase());
  if (!row || !PRICE_FILES[row.id]) return { error: MARKET_ERRORS.noResults, query };
  const served = OHLC_PERIODS.find((p) => p >= days) ?? 365;
  const list = candles(row.id, served);
  const last = list[list.length - 1];
  return {
    asOf: new Date((last?.time ?? 0) * 1000 + 86_400_000).toISOString(),
    source: "snapshot",
    stale: false,
    ageSeconds: 0,
    id: row.id,
    symbol: row.symbol,
    name: row.name,
    days: served,
    candles: list,
  };
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
    const file = readFileSync(`${DATA}/articles/ethereum-org/${slug}.md`, "utf8");
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
      execute: async () => {
        const list = JSON.parse(readFileSync(`${DATA}/coingecko/list-new.json`, "utf8")) as Array<{
          id: string;
          symbol: string;
          name: string;
          activated_at: number;
        }>;
        return {
          asOf: "2026-05-14T08:00:00.000Z",
          source: "snapshot" as const,
          stale: false,
          ageSeconds: 0,
          tokens: list.map((t) => ({
            id: t.id,
            symbol: t.symbol,
            name: t.name,
            activatedAt: new Date(t.activated_at * 1000).toISOString(),
          })),
        };
      },
    }),
    getTrendingTokens: tool({
      description: "Trending coins.",
      inputSchema: assistantToolInputs.getTrendingTokens,
      execute: async () => {
        const data = JSON.parse(readFileSync(`${DATA}/coingecko/trending.json`, "utf8")) as {
          coins: Array<{
            item: {
              id: string;
              symbol: string;
              name: string;
              market_cap_rank: number | null;
              data: { price: number; price_change_percentage_24h: { usd: number } };
            };
          }>;
        };
        return {
          asOf: "2026-05-19T10:00:00.000Z",
          source: "coingecko" as const,
          stale: false,
          ageSeconds: 0,
          tokens: data.coins.map(({ item }) => ({
            id: item.id,
            symbol: item.symbol,
            name: item.name,
            rank: item.market_cap_rank,
            priceUsd: item.data.price,
            change24hPercent: item.data.price_change_percentage_24h.usd,
            marketCapUsd: null,
          })),
        };
      },
    }),
    getOhlc: tool({
      description: "Price history candles.",
      inputSchema: assistantToolInputs.getOhlc,
      execute: async ({ query, days }) => ohlcData(query, days),
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

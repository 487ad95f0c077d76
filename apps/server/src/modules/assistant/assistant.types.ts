// The types Max's service files share: who is asking, the chat's UI message, and what Max is wired with.
import type { LanguageModelV4 } from "@ai-sdk/provider";
import type { UIMessage } from "ai";
import type { AssistantMessageMetadata } from "@pragmatist/contracts";
import type { Db } from "../../db/client.ts";
import type { Metrics } from "../../metrics.ts";
import type { RateLimits } from "../../plugins/rate-limit.ts";
import type { ArticlesService } from "../articles/articles.service.ts";
import type { MarketService } from "../market/market.service.ts";

/** One message of Max's chat as the AI SDK's UI sees it, with Max's metadata (credits, errors). */
export type ChatUIMessage = UIMessage<AssistantMessageMetadata>;

/** Who is asking: a member, or a visitor with the id from their signed cookie and their IP. */
export type Asker = { userId: number } | { visitorId: string; ip: string };

/** What Max is wired with (services.ts). */
export interface AssistantDependencies {
  db: Db;
  model: LanguageModelV4;
  market: MarketService;
  articles: Pick<ArticlesService, "findBySlug" | "eachPublished" | "librarySignature" | "count">;
  limits: RateLimits;
  now: () => Date;
  siteName: string;
  /** Milliseconds one answer may take, all steps included. */
  timeoutMs: number;
  log: {
    warn(details: object, message: string): void;
    error(details: object, message: string): void;
  };
  /** Where answers, tool calls and the model's latency are counted. */
  metrics: Pick<Metrics, "maxAnswers" | "maxToolCalls" | "maxProviderLatency">;
}

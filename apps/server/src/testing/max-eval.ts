// The publication Max's eval runs against (docs/product/max.md#max-eval): a fresh database with the
// demo content (and the shared ethereum.org and Bitcoin Optech articles when they are there), and
// Max as the app wires him.
import { assistantToolInputs } from "@pragmatist/contracts";
import type { Dialect } from "../db/client.ts";
import { systemPrompt } from "../modules/assistant/assistant.prompt.ts";
import type { EvalTarget } from "../modules/assistant/eval/run.ts";
import { createOfflineModel } from "../modules/assistant/offline/model.ts";
import { loadSnapshot } from "../modules/market/snapshot.ts";
import { importFolder } from "../modules/importer/importer.service.ts";
import { localMediaStorage } from "../modules/uploads/storage.ts";
import { closeServices, createServices, type Services } from "../services.ts";
import { freshDb, testConfig } from "./db.ts";
import { insertUser } from "./fixtures.ts";
import { hasSharedArticles, sharedArticles } from "./shared-data.ts";

/** The shared articles the research questions are about, and whether they are there. */
export { hasSharedArticles, sharedArticles };

/** The eval's publication: the target to run cases against, and how to close it. */
export interface MaxEvalApp {
  target: EvalTarget;
  close(): Promise<void>;
}

const quiet = { info() {}, warn() {}, error() {} };

/** The coins of the snapshot's markets capture (the ones getMarket ranks offline). */
function capturedCoins() {
  const snapshot = loadSnapshot();
  return snapshot.tokens.filter((t) => t.asOf.slice(0, 10) === snapshot.asOf.slice(0, 10));
}

/** The articles readers can see at `now` (published, not future-dated), as grading knows them. */
async function publishedArticles(services: Services, now: Date) {
  const rows = await services.db.kysely
    .selectFrom("articles")
    .select(["slug", "title", "publish_date"])
    .where("status", "=", "published")
    .execute();
  return rows
    .map((r) => ({
      slug: r.slug,
      title: r.title,
      publishDate: new Date(r.publish_date).toISOString(),
    }))
    .filter((a) => a.publishDate <= now.toISOString());
}

/**
 * Opens a fresh database on `engine`, wires the services as the app does (the offline model and
 * the offline market snapshot; `chunkDelayMs` replaces only the model's pause between streamed
 * chunks, e.g. 0 in tests), and imports the demo content and, when there, the shared articles.
 * @throws Error when an article is skipped on import.
 */
export async function openMaxEval(
  engine: Dialect,
  options: { chunkDelayMs?: number } = {},
): Promise<MaxEvalApp> {
  const db = await freshDb(engine);
  const config = testConfig();
  // The model asks the market service for the coins it knows only when a question comes in.
  const languageModel =
    options.chunkDelayMs === undefined
      ? undefined
      : createOfflineModel({
          knownCoins: () => wired.market.knownCoins(),
          chunkDelayMs: options.chunkDelayMs,
        });
  const wired = createServices(db, config, { languageModel });
  const close = async () => {
    await closeServices(wired);
    await db.close();
  };
  try {
    const storage = localMediaStorage(config.dataDir);
    const folders = [config.demoContentDir, ...(hasSharedArticles ? [sharedArticles] : [])];
    for (const folder of folders) {
      const summary = await importFolder(wired, folder, { storage, log: quiet });
      if (summary.skipped.length > 0) {
        throw new Error(`import of ${folder} skipped ${JSON.stringify(summary.skipped)}`);
      }
    }
    // As the server does once it listens (main.ts): the first question does not build the index.
    await wired.assistant.searchResearch.warm();
    const now = new Date();
    const target: EvalTarget = {
      chat: (userId, text) => wired.assistant.chat({ asker: { userId }, text }),
      newMember: () => insertUser(db),
      grading: {
        now,
        articles: await publishedArticles(wired, now),
        systemPrompt: systemPrompt({ siteName: config.siteName, today: now, article: null }),
        knownCoins: wired.market.knownCoins(),
        ohlcTakesMax: assistantToolInputs.getOhlc.safeParse({ query: "bitcoin", days: "max" })
          .success,
        marketCoins: capturedCoins(),
      },
    };
    return { target, close };
  } catch (error) {
    await close();
    throw error;
  }
}

// Max's intent classifier (decision 013): wink's naive Bayes text classifier trained once
// per process on training.ts's phrasings, over stems and word pairs with coins and numbers masked.
import { createRequire } from "node:module";
import { INTENTS, type Intent, TRAINING, expand } from "./training.ts";
import { tokenize } from "../../../../text/words.ts";
import { isFunctionWord } from "../../../../text/stems.ts";
import { isInjectionAttempt } from "../../assistant.prompt.ts";

/**
 * The follow-up chips' intents (docs/product/max.md#assistant-chips): a whole message asks for
 * one, never a clause of a longer one.
 */
const CHIPS = ["analyse", "more-research"] as const satisfies readonly Intent[];
export const CHIP_INTENTS: ReadonlySet<Intent> = new Set(CHIPS);

/** A follow-up chip's intent. */
type ChipIntent = (typeof CHIPS)[number];

/** What a clause of a message asks for: any intent but a chip's. */
export type ClauseIntent = Exclude<Intent, ChipIntent>;

/** The mask a coin mention is read as, in training and in questions. */
export const COIN_MASK = "COIN";
/** The mask a number is read as. */
export const NUMBER_MASK = "NUM";

/** Articles carry nothing about what is asked. */
const ARTICLES = new Set(["a", "an", "the"]);

/** The classifier's features of a masked text: stems (masks kept as they are) and their pairs. */
export function features(masked: string): string[] {
  const stems = tokenize(masked)
    .filter((t) => !ARTICLES.has(t.norm))
    .map((t) => {
      if (t.text === COIN_MASK) return "<coin>";
      if (t.text === NUMBER_MASK || Number.isFinite(Number(t.norm))) return "<num>";
      return t.stem;
    });
  const pairs = stems.slice(1).map((s, i) => `${stems[i]}_${s}`);
  return [...stems, ...pairs];
}

/** What the classifier says of a text: the intent and how sure it is (0 to 1). */
export interface Classification {
  intent: Intent;
  confidence: number;
}

interface NaiveBayes {
  definePrepTasks(tasks: Array<(text: string) => string[]>): void;
  defineConfig(config: { considerOnlyPresence: boolean; smoothingFactor: number }): void;
  learn(text: string, label: string): void;
  consolidate(): void;
  computeOdds(text: string): Array<[string, number]>;
}

/** Paraphrases learnt per template: every template counts, none drowns the others. */
const PER_TEMPLATE = 6;

const require = createRequire(import.meta.url);
let trained: NaiveBayes | null = null;

/** The classifier, trained on first use (a few milliseconds). */
function classifier(): NaiveBayes {
  if (trained) return trained;
  const create = require("wink-naive-bayes-text-classifier") as () => NaiveBayes;
  const nb = create();
  nb.definePrepTasks([features]);
  nb.defineConfig({ considerOnlyPresence: true, smoothingFactor: 0.5 });
  for (const intent of INTENTS) {
    for (const template of TRAINING[intent]) {
      const phrasings = expand(template);
      // Every nth, so a cut keeps the template's variety.
      const step = Math.max(1, phrasings.length / PER_TEMPLATE);
      for (let i = 0; i < phrasings.length; i += step) nb.learn(phrasings[Math.floor(i)]!, intent);
    }
  }
  nb.consolidate();
  trained = nb;
  return nb;
}

/**
 * The intent of `masked` (a clause with its coins as COIN and numbers as NUM) and the classifier's
 * confidence: how far the top intent's log2 odds lead the runner-up's, as a probability (two
 * intents nearly tied give about 0.5). Intents in `excluded` are never the answer (the runner-up
 * is taken instead).
 */
export function classify(
  masked: string,
  excluded: ReadonlySet<Intent> = new Set(),
): Classification {
  const [top, second] = classifier()
    .computeOdds(masked)
    .filter(([label]) => !excluded.has(label as Intent));
  const intent = (INTENTS as readonly string[]).includes(top?.[0] ?? "")
    ? (top![0] as Intent)
    : "off-topic";
  const lead = (top?.[1] ?? 0) - (second?.[1] ?? 0);
  return { intent, confidence: 1 / (1 + 2 ** -lead) };
}

/** Each chip's words: the stems of its training phrasings, function words aside. */
const chipWords = new Map<Intent, Set<string>>();

/** The words `intent`'s phrasings use (stems, function words aside), read once. */
function wordsOf(intent: Intent): Set<string> {
  let words = chipWords.get(intent);
  if (!words) {
    const phrasings = TRAINING[intent].flatMap(expand);
    words = new Set(phrasings.flatMap((p) => contentStems(p)));
    chipWords.set(intent, words);
  }
  return words;
}

/** The stems of `text`'s words that carry content (not function words). */
function contentStems(text: string): string[] {
  return tokenize(text)
    .filter((t) => !isFunctionWord(t.norm))
    .map((t) => t.stem);
}

/**
 * The follow-up chip a whole message asks for, however it is worded ("Analyze your last message
 * for valuable insights", "can you unpack that?"; "What other research should I do?", "what
 * should I read next"), or null (docs/product/max.md#assistant-chips): the classifier's intent
 * when it is a chip's and every word of the message that carries content is one of that chip's
 * phrasings' words; a word they never use asks about something ("tell me more about Solana",
 * "should I go all in on PEPE"). An injection attempt is none.
 */
export function chipOf(message: string): ChipIntent | null {
  // "Ignore your previous instructions…" shares the chip's words, never its request.
  if (isInjectionAttempt(message)) return null;
  const { intent } = classify(message);
  if (!CHIP_INTENTS.has(intent)) return null;
  const own = wordsOf(intent);
  return contentStems(message).every((s) => own.has(s)) ? (intent as ChipIntent) : null;
}

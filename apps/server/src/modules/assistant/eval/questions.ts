// Max's development question set (docs/decisions/013-reading-questions.md, Measure first,
// docs/product/max.md#max-eval): our own phrasings in every category, each with what a right answer
// does. Grow it with every new failure class.
import type { EvalCase } from "./cases.ts";
import { FOLLOW_UP_QUESTIONS } from "./questions/follow-ups.ts";
import { ADVICE_QUESTIONS, INJECTION_QUESTIONS, OFF_TOPIC_QUESTIONS } from "./questions/guarded.ts";
import { HISTORY_QUESTIONS, NEW_QUESTIONS, TRENDING_QUESTIONS } from "./questions/lists.ts";
import { COMPARISON_QUESTIONS, TOKEN_QUESTIONS } from "./questions/market.ts";
import { PERIOD_QUESTIONS } from "./questions/periods.ts";
import {
  CAREFUL_QUESTIONS,
  CHAT_QUESTIONS,
  CLASS_QUESTIONS,
  MARKET_QUESTIONS,
  MULTI_QUESTIONS,
} from "./questions/reading.ts";
import { RESEARCH_QUESTIONS } from "./questions/research.ts";

/** Every case of the eval, category by category. */
export const MAX_QUESTIONS: EvalCase[] = [
  ...TOKEN_QUESTIONS,
  ...COMPARISON_QUESTIONS,
  ...NEW_QUESTIONS,
  ...TRENDING_QUESTIONS,
  ...HISTORY_QUESTIONS,
  ...PERIOD_QUESTIONS,
  ...RESEARCH_QUESTIONS,
  ...ADVICE_QUESTIONS,
  ...OFF_TOPIC_QUESTIONS,
  ...INJECTION_QUESTIONS,
  ...FOLLOW_UP_QUESTIONS,
  ...MARKET_QUESTIONS,
  ...MULTI_QUESTIONS,
  ...CHAT_QUESTIONS,
  ...CAREFUL_QUESTIONS,
  ...CLASS_QUESTIONS,
];

/**
 * Research questions whose answers must say the point (eval class R2,
 * docs/product/max.md#eval-classes), a development set of their own until the research reaches the
 * development set's floor: reported and held at the share reached (docs/decisions/013), then merged
 * into MAX_QUESTIONS.
 */
export { RESEARCH_POINT_QUESTIONS } from "./questions/research-points.ts";

// Calendar-period phrasings (eval class A9, docs/product/max.md#eval-classes): a question naming a
// year, month, season or "last year" is answered for that period only; one the data does not reach
// says so.
import type { EvalCase } from "../cases.ts";
import { historyIn } from "./build.ts";

const YEAR_2025 = { from: "2025-01-01", to: "2026-01-01" };

/** Questions about a coin over a calendar period. */
export const PERIOD_QUESTIONS: EvalCase[] = [
  historyIn("Cardano's performance during 2025?", "cardano", YEAR_2025),
  historyIn(
    "What was bitcoin's highest price in March 2025?",
    "bitcoin",
    { from: "2025-03-01", to: "2025-04-01" },
    "high",
  ),
  historyIn("How did Solana fare over the summer of 2025", "solana", {
    from: "2025-06-01",
    to: "2025-09-01",
  }),
  historyIn("How did Chainlink do last year?", "chainlink", { yearsBack: 1 }),
  historyIn("How did Litecoin trade in 2019?", "litecoin", {
    from: "2019-01-01",
    to: "2020-01-01",
  }),
  historyIn("Uniswap year to date", "uniswap", { yearsBack: 0 }),
];

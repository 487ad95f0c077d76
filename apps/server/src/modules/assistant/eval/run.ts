// Runs Max's eval (docs/product/max.md#max-eval): each case's turns through the chat as a member
// asks them, the last answer graded, then accuracy per category and the time to the first token.
import type { UIMessageChunk } from "ai";
import { CATEGORIES, type Category, type EvalCase, type Expectation } from "./cases.ts";
import { grade } from "./grade.ts";
import type { GradeContext, ToolCallRecord, Transcript } from "./transcript.ts";

/** What the eval runs against: Max's chat, a way to get a fresh member, and grading's context. */
export interface EvalTarget {
  /** Max's chat turn (AssistantService.chat) for a member: the answer's UI message stream. */
  chat(userId: number, text: string): Promise<ReadableStream<UIMessageChunk>>;
  /** A new member's id: each case is asked in a thread of its own. */
  newMember(): Promise<number>;
  grading: GradeContext;
}

/** One case's outcome: the graded answer, its problems, and each turn's time to first token. */
export interface CaseResult {
  case: EvalCase;
  transcript: Transcript;
  problems: string[];
  /** Milliseconds from the question to the first streamed text, per turn. */
  firstTokenMs: number[];
}

/** Right answers out of the questions asked, and their share (0 to 1). */
export interface Score {
  questions: number;
  right: number;
  accuracy: number;
}

/** A failed case as one line each: the question, what was expected, what came instead. */
export interface Failure {
  category: Category;
  question: string;
  expected: string;
  got: string;
}

/** The eval's outcome (what bench/results/max-latest.json holds). */
export interface EvalReport {
  overall: Score;
  categories: Record<Category, Score>;
  /** Time to the first streamed text over every turn asked, in ms, and the slowest turns. */
  firstTokenMs: {
    p50: number;
    p95: number;
    slowest: Array<{ category: Category; question: string; ms: number }>;
  };
  failures: Failure[];
}

/** Reads one answer's stream: the tool calls with their results, the text, the first text's time. */
async function readAnswer(stream: ReadableStream<UIMessageChunk>, started: number) {
  const calls = new Map<string, ToolCallRecord>();
  let text = "";
  let firstTokenMs = Number.NaN;
  for await (const chunk of stream) {
    if (chunk.type === "tool-input-available") {
      const input = (chunk.input ?? {}) as Record<string, unknown>;
      calls.set(chunk.toolCallId, { toolName: chunk.toolName, input, output: undefined });
    } else if (chunk.type === "tool-output-available") {
      const call = calls.get(chunk.toolCallId);
      if (call) call.output = chunk.output;
    } else if (chunk.type === "tool-output-error") {
      const call = calls.get(chunk.toolCallId);
      if (call) call.output = { error: chunk.errorText };
    } else if (chunk.type === "text-start" && text !== "") {
      text += "\n\n";
    } else if (chunk.type === "text-delta") {
      if (Number.isNaN(firstTokenMs)) firstTokenMs = performance.now() - started;
      text += chunk.delta;
    }
  }
  return { transcript: { calls: [...calls.values()], text }, firstTokenMs };
}

/** Asks `c`'s turns in one new member's thread and grades the answer to the last. */
async function runCase(target: EvalTarget, c: EvalCase): Promise<CaseResult> {
  const userId = await target.newMember();
  const firstTokenMs: number[] = [];
  let transcript: Transcript = { calls: [], text: "" };
  for (const turn of c.turns) {
    const started = performance.now();
    const answer = await readAnswer(await target.chat(userId, turn), started);
    firstTokenMs.push(answer.firstTokenMs);
    transcript = answer.transcript;
  }
  return { case: c, transcript, problems: grade(c, transcript, target.grading), firstTokenMs };
}

/** What a right answer does, in a few words, for a failure line. */
function describeExpectation(e: Expectation): string {
  switch (e.kind) {
    case "token":
      return `getTokenData(${e.coin}); ${e.usdOnly ? "USD only, then " : ""}${e.figure} in the first sentence, dated`;
    case "market-total":
      return `says the data has no total-market figure${e.coin ? `; getTokenData(${e.coin}), its market cap and rank` : ""}`;
    case "compare":
      return `getTokenData(${e.coins.join(", ")}); ${e.figure}, ${e.derived} first, dated`;
    case "history":
      if (e.within) {
        const period =
          "from" in e.within ? `${e.within.from}..${e.within.to}` : `year -${e.within.yearsBack}`;
        return `getOhlc(${e.coin}) back to ${period}; the period's ${e.figure} and days first`;
      }
      return `getOhlc(${e.coin}, ${e.days}); the ${e.figure} first, dated`;
    case "history-missing":
      return `getTokenData(${e.coin}); says its price history is missing`;
    case "uncovered":
      return `says ${e.name} is not in the offline data; live data would have it`;
    case "new-tokens":
      return "getNewTokens; the newest listing named, dated";
    case "trending":
      return "getTrendingTokens; the top coin named, dated";
    case "research":
      return "slugs" in e
        ? `searchResearch; cites /p/${e.slugs.join(" or /p/")} first`
        : `searchResearch; cites the latest "${e.latestOf}" first`;
    case "advice":
      return `not financial advice, with risks${e.coin ? ` from getTokenData(${e.coin})` : ""}`;
    case "refusal":
      return `a polite ${e.reason} refusal, no tool`;
    case "market":
      return `getMarket by ${e.by} ${e.order}${e.rank ? `, rank ${e.rank}` : ""}; the coins named in order, dated`;
    case "clarify":
      return `asks which of ${e.coins.join(", ")} or says which it used`;
    case "chat":
      return "a friendly reply saying what Max can do, no tool";
    case "multi":
      return e.parts.map(describeExpectation).join(" + ");
    case "guarded":
      return `${describeExpectation(e.answer)}; the injection declined`;
  }
}

/** How many of the slowest turns the report names. */
const SLOWEST_SHOWN = 5;

/** The value at quantile `q` (0 to 1) of `values`, nearest rank; NaN when empty. */
function quantile(values: number[], q: number): number {
  const sorted = values.filter((v) => !Number.isNaN(v)).sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  const at = sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;
  return Math.round(at * 10) / 10;
}

function score(results: CaseResult[]): Score {
  const right = results.filter((r) => r.problems.length === 0).length;
  return {
    questions: results.length,
    right,
    accuracy: results.length ? right / results.length : 0,
  };
}

/** The report of a run: accuracy overall and per category, first-token times, the failures. */
export function summarize(results: CaseResult[]): EvalReport {
  const categories = Object.fromEntries(
    CATEGORIES.map((cat) => [cat, score(results.filter((r) => r.case.category === cat))]),
  ) as Record<Category, Score>;
  const times = results.flatMap((r) => r.firstTokenMs);
  const turns = results.flatMap((r) =>
    r.firstTokenMs.map((ms, i) => ({
      category: r.case.category,
      question: r.case.turns[i] ?? "",
      ms: Math.round(ms * 10) / 10,
    })),
  );
  const slowest = turns.sort((a, b) => b.ms - a.ms).slice(0, SLOWEST_SHOWN);
  return {
    overall: score(results),
    categories,
    firstTokenMs: { p50: quantile(times, 0.5), p95: quantile(times, 0.95), slowest },
    failures: results
      .filter((r) => r.problems.length > 0)
      .map((r) => ({
        category: r.case.category,
        question: r.case.turns.join(" → "),
        expected: describeExpectation(r.case.expect),
        got: r.problems.join("; "),
      })),
  };
}

/**
 * Runs every case in order, one at a time (so first-token times are not inflated by each other),
 * calling `onResult` after each, and returns the results and their report.
 */
export async function runEval(
  target: EvalTarget,
  cases: EvalCase[],
  onResult?: (result: CaseResult) => void,
): Promise<{ results: CaseResult[]; report: EvalReport }> {
  const results: CaseResult[] = [];
  for (const c of cases) {
    const result = await runCase(target, c);
    results.push(result);
    onResult?.(result);
  }
  return { results, report: summarize(results) };
}

/** The research expectations inside `e` (a multi-part or guarded case holds them in its parts). */
function researchIn(e: Expectation): Array<Extract<Expectation, { kind: "research" }>> {
  if (e.kind === "research") return [e];
  if (e.kind === "multi") return e.parts.flatMap(researchIn);
  return e.kind === "guarded" ? researchIn(e.answer) : [];
}

/**
 * The cases the publication can answer: those whose research expects articles it has (the shared
 * articles are imported only when `../shared` is there, docs/product/max.md#max-eval), and the
 * number left out.
 */
export function answerableCases(
  cases: EvalCase[],
  articles: ReadonlyArray<{ slug: string; title: string }>,
): { cases: EvalCase[]; skipped: number } {
  const slugs = new Set(articles.map((a) => a.slug));
  const has = (e: Extract<Expectation, { kind: "research" }>) =>
    "slugs" in e
      ? e.slugs.some((s) => slugs.has(s))
      : articles.some((a) => a.title.startsWith(e.latestOf));
  const kept = cases.filter((c) => researchIn(c.expect).every(has));
  return { cases: kept, skipped: cases.length - kept.length };
}

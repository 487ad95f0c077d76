// `npm run eval:max [-- category …]`: Max's question sets against the offline model as the app
// wires it  (docs/decisions/013-reading-questions.md, Measure first; docs/product/max.md#max-eval):
// the development set and the frozen held-out set, accuracy per category for each, every failure,
// the time to the first token; writes bench/results/max-latest.json.
import fs from "node:fs";
import path from "node:path";
import { CATEGORIES, type EvalCase } from "../apps/server/src/modules/assistant/eval/cases.ts";
import { loadHeldOut } from "../apps/server/src/modules/assistant/eval/held-out.ts";
import {
  MAX_QUESTIONS,
  RESEARCH_POINT_QUESTIONS,
} from "../apps/server/src/modules/assistant/eval/questions.ts";
import {
  type EvalReport,
  answerableCases,
  runEval,
  type Score,
} from "../apps/server/src/modules/assistant/eval/run.ts";
import { hasSharedArticles, openMaxEval } from "../apps/server/src/testing/max-eval.ts";
import { root } from "./load.ts";

/** One cell of the accuracy table: right/asked and the share, or blank for an empty category. */
const cell = (s: Score) =>
  s.questions === 0
    ? "".padEnd(15)
    : `${String(s.right).padStart(3)}/${String(s.questions).padEnd(3)} ${(s.accuracy * 100).toFixed(1).padStart(5)} %`;

/** Categories named on the command line (`npm run eval:max -- research multi`): only those run. */
const only = new Set(process.argv.slice(2));
const chosen = (cases: EvalCase[]) =>
  only.size > 0 ? cases.filter((c) => only.has(c.category)) : cases;

const started = performance.now();
const app = await openMaxEval("sqlite");
const sets: Array<{ name: string; cases: EvalCase[] }> = [
  { name: "development", cases: chosen(MAX_QUESTIONS) },
  { name: "held-out", cases: chosen(loadHeldOut()) },
  { name: "research points", cases: chosen(RESEARCH_POINT_QUESTIONS) },
];
const reports: Record<string, EvalReport & { skipped: number }> = {};
try {
  for (const set of sets) {
    const { cases, skipped } = answerableCases(set.cases, app.target.grading.articles);
    if (skipped > 0) {
      console.log(`${set.name}: ${skipped} research questions on absent articles skipped`);
    }
    let done = 0;
    const { report } = await runEval(app.target, cases, (result) => {
      done += 1;
      if (process.stderr.isTTY) process.stderr.write(`\r${set.name} ${done}/${cases.length}`);
      else process.stderr.write(result.problems.length > 0 ? "x" : ".");
    });
    process.stderr.write("\n");
    reports[set.name] = { ...report, skipped };
    console.log(`\n${set.name} failures (question | expected | got):`);
    for (const f of report.failures) {
      console.log(`- [${f.category}] ${f.question} | ${f.expected} | ${f.got}`);
    }
  }

  const names = sets.map((s) => s.name);
  console.log(`\nAccuracy:${" ".repeat(5)}${names.map((n) => n.padEnd(16)).join("")}`);
  for (const category of CATEGORIES) {
    const cells = names.map((n) => cell(reports[n]!.categories[category]).padEnd(16));
    console.log(`  ${category.padEnd(11)} ${cells.join("")}`);
  }
  console.log(`  ${"overall".padEnd(11)} ${names.map((n) => cell(reports[n]!.overall)).join(" ")}`);
  for (const name of names) {
    const { p50, p95, slowest } = reports[name]!.firstTokenMs;
    console.log(`\n${name}: time to first token p50 ${p50} ms, p95 ${p95} ms; slowest:`);
    for (const turn of slowest) console.log(`  ${turn.ms} ms  [${turn.category}] ${turn.question}`);
  }
  if (!hasSharedArticles)
    console.log("\n../shared/data/articles is absent: imported-article questions skipped");

  const file = path.join(root, "bench", "results", "max-latest.json");
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const run = { date: new Date().toISOString(), engine: "sqlite", model: "offline" };
  fs.writeFileSync(file, `${JSON.stringify({ ...run, sets: reports }, null, 2)}\n`);
  const seconds = ((performance.now() - started) / 1000).toFixed(0);
  console.log(`Wrote ${path.relative(root, file)} (${seconds} s)`);
} finally {
  await app.close();
}

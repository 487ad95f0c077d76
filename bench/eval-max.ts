// `npm run eval:max`: Max's question set against the offline model as the app wires it (issue 12
// "Measure", docs/product.md#max-eval). Prints accuracy per category and overall, every failure and
// the time to the first token, and writes bench/results/max-latest.json.
import fs from "node:fs";
import path from "node:path";
import { CATEGORIES } from "../apps/server/src/modules/assistant/eval/cases.ts";
import { MAX_QUESTIONS } from "../apps/server/src/modules/assistant/eval/questions.ts";
import { runEval, type Score } from "../apps/server/src/modules/assistant/eval/run.ts";
import { openMaxEval } from "../apps/server/src/testing/max-eval.ts";
import { root } from "./load.ts";

/** One line of the accuracy table: label, right/asked, share. */
const row = (label: string, s: Score) =>
  `  ${label.padEnd(11)} ${String(s.right).padStart(3)}/${s.questions}  ${(s.accuracy * 100).toFixed(1)} %`;

const started = performance.now();
const app = await openMaxEval("sqlite");
try {
  let done = 0;
  const { report } = await runEval(app.target, MAX_QUESTIONS, (result) => {
    done += 1;
    if (process.stderr.isTTY) process.stderr.write(`\r${done}/${MAX_QUESTIONS.length}`);
    else process.stderr.write(result.problems.length > 0 ? "x" : ".");
  });
  if (process.stderr.isTTY) process.stderr.write("\n");

  console.log("\nFailures (question | expected | got):");
  for (const f of report.failures) {
    console.log(`- [${f.category}] ${f.question} | ${f.expected} | ${f.got}`);
  }
  console.log("\nAccuracy:");
  for (const category of CATEGORIES) console.log(row(category, report.categories[category]));
  console.log(row("overall", report.overall));
  const { p50, p95, slowest } = report.firstTokenMs;
  console.log(`\nTime to first token: p50 ${p50} ms, p95 ${p95} ms; slowest:`);
  for (const turn of slowest) console.log(`  ${turn.ms} ms  [${turn.category}] ${turn.question}`);

  const file = path.join(root, "bench", "results", "max-latest.json");
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const run = { date: new Date().toISOString(), engine: "sqlite", model: "offline" };
  fs.writeFileSync(file, `${JSON.stringify({ ...run, ...report }, null, 2)}\n`);
  const seconds = ((performance.now() - started) / 1000).toFixed(0);
  console.log(`Wrote ${path.relative(root, file)} (${seconds} s)`);
} finally {
  await app.close();
}

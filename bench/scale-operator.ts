// The operator's paths of `npm run bench:scale` (docs/scale.md#operator-commands), each run as the
// operator runs it, a command in a process of its own with the server stopped, so its time and
// peak memory are its own: the subscribers CSV export (`npm run newsletter:export`), a backup
// (`npm run backup`), its restore into an empty DATA_DIR (and database), and on the restored copy
// an issue sent to every confirmed subscriber into a loopback SMTP sink (bench/scale-send.ts), so
// the generated database is never written.
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { startSmtpSink } from "../apps/server/src/testing/smtp-sink.ts";
import { startNodeOptions } from "../apps/server/src/testing/start-command.ts";
import { root } from "./load.ts";
import { SCALE_DIR, type ScaleDatabase, scratchDatabase } from "./scale-db.ts";
import { memoryMb } from "./scale-paths.ts";

/**
 * Messages a minute the send is measured at (BENCH_SCALE_SEND_RATE): the configured default (600)
 * would take over two hours for 85,000 subscribers, so it is raised to the maximum
 * NEWSLETTER_RATE_PER_MINUTE allows unless set.
 */
const SEND_RATE = Number(process.env.BENCH_SCALE_SEND_RATE ?? 1_000_000);
/** NEWSLETTER_RATE_PER_MINUTE's default (config.ts): what the send would take at it is reported. */
const CONFIGURED_RATE = 600;

/** One operator path measured on one database. */
export interface OperatorResult {
  name: string;
  /** Wall time of the command, in s, to 0.1. */
  seconds: number;
  /** The command's peak resident memory (VmHWM), in MB. */
  peakRssMb: number;
  /** What it did (rows, bytes, messages). */
  detail: string;
}

/**
 * Runs `node nodeOptions script args` from the repository root with exactly `env` (plus PATH and
 * HOME), its standard output to `stdoutFile` or kept; reads its VmHWM every 20 ms until it exits.
 * @returns seconds, peak MB and the standard output (empty when written to a file).
 * @throws Error with its standard error when it exits other than 0.
 */
async function timed(
  script: string,
  args: string[],
  env: Record<string, string>,
  stdoutFile?: string,
  nodeOptions: string[] = [],
) {
  const out = stdoutFile ? fs.openSync(stdoutFile, "w") : "pipe";
  const t0 = performance.now();
  const child = spawn(process.execPath, [...nodeOptions, script, ...args], {
    cwd: root,
    env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", ...env },
    stdio: ["ignore", out, "pipe"],
  });
  let stdout = "";
  let stderr = "";
  child.stdout?.on("data", (d: Buffer) => (stdout += d.toString()));
  child.stderr?.on("data", (d: Buffer) => (stderr += d.toString()));
  let peak = 0;
  const poll = setInterval(() => (peak = Math.max(peak, memoryMb(child.pid, "VmHWM"))), 20);
  const code = await new Promise<number | null>((resolve) => child.once("exit", resolve));
  clearInterval(poll);
  if (typeof out === "number") fs.closeSync(out);
  if (code !== 0) throw new Error(`${script} exited ${code}: ${stderr.trim()}`);
  const seconds = Math.round((performance.now() - t0) / 100) / 10;
  return { seconds, peakRssMb: peak, stdout };
}

/** The result `name` of the command run `r`, with `detail`. */
function result(name: string, r: { seconds: number; peakRssMb: number }, detail: string) {
  return { name, seconds: r.seconds, peakRssMb: r.peakRssMb, detail };
}

/** The environment that points a command at `dataDir` and, on PostgreSQL, `databaseUrl`. */
function siteEnv(dataDir: string, databaseUrl: string | undefined): Record<string, string> {
  return {
    NODE_ENV: "production",
    LOG_LEVEL: "silent",
    DATA_DIR: dataDir,
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  };
}

/**
 * Measures the operator paths whose names `wanted` accepts on `db`, in order (export, backup,
 * restore, newsletter send: the restore needs the backup, the send the restored copy), in a
 * folder under SCALE_DIR removed afterwards with the restored database.
 */
export async function measureOperatorPaths(
  db: ScaleDatabase,
  wanted: (name: string) => boolean,
): Promise<OperatorResult[]> {
  const work = fs.mkdtempSync(path.join(SCALE_DIR, `operator-${db.name}-`));
  const restoredDb = db.engine === "postgres" ? await scratchDatabase(`${db.name}_restored`) : null;
  const sink = await startSmtpSink({ parse: false });
  const results: OperatorResult[] = [];
  const env = siteEnv(db.dataDir, db.env.DATABASE_URL);
  const restored = siteEnv(path.join(work, "restored"), restoredDb?.url);
  try {
    if (wanted("subscribers CSV export")) {
      const file = path.join(work, "subscribers.csv");
      const r = await timed("apps/server/src/cli/newsletter-export.ts", [], env, file);
      const rows = fs.readFileSync(file, "utf8").split("\r\n").length - 2;
      const mb = Math.round(fs.statSync(file).size / 2 ** 20);
      results.push(result("subscribers CSV export", r, `${rows} rows, ${mb} MB`));
    }
    const backup = path.join(work, "backup");
    if (wanted("backup") || wanted("restore") || wanted("newsletter send")) {
      const r = await timed("apps/server/src/cli/backup.ts", [backup], env);
      const files = fs.readdirSync(backup).filter((f) => f !== "uploads");
      const bytes = files.reduce((n, f) => n + fs.statSync(path.join(backup, f)).size, 0);
      const detail = `${files.join(", ")}: ${Math.round(bytes / 2 ** 20)} MB`;
      if (wanted("backup")) results.push(result("backup", r, detail));
      const back = await timed("apps/server/src/cli/restore.ts", [backup], restored);
      if (wanted("restore")) results.push(result("restore", back, "into an empty DATA_DIR"));
    }
    if (wanted("newsletter send")) {
      // The send is the server's delivery worker's work: run with the Node options `npm start`
      // gives the server (its young generation's cap).
      const sendEnv = {
        ...restored,
        SMTP_URL: sink.url,
        NEWSLETTER_RATE_PER_MINUTE: String(SEND_RATE),
      };
      const r = await timed("bench/scale-send.ts", [], sendEnv, undefined, startNodeOptions());
      const sent = JSON.parse(r.stdout) as {
        sent: number;
        failed: number;
        deliverySeconds: number;
      };
      const perSecond = Math.round(sent.sent / Math.max(sent.deliverySeconds, 0.1));
      const atConfigured = Math.round(sent.sent / CONFIGURED_RATE);
      results.push(
        result(
          "newsletter send",
          r,
          `${sent.sent} sent, ${sent.failed} failed, ${sink.deliveredTo.size} received, ${perSecond}/s at ${SEND_RATE}/min (at ${CONFIGURED_RATE}/min: ${atConfigured} min)`,
        ),
      );
    }
    return results;
  } finally {
    await sink.close();
    await restoredDb?.drop();
    fs.rmSync(work, { recursive: true, force: true });
  }
}

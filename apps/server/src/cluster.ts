// WEB_CONCURRENCY > 1 (docs/architecture.md#overview): the primary process forks that many workers
// sharing the port (node:cluster), starts another when one dies, relays cache invalidations
// between them and stops them gracefully on SIGTERM or SIGINT.
import cluster, { type Worker } from "node:cluster";
import { pino } from "pino";
import { type Config, startupWarnings } from "./config.ts";
import { relayChangeNotices } from "./plugins/change-broadcast.ts";

/**
 * Runs this process as the cluster's primary; it serves nothing itself. Forks
 * `config.webConcurrency` workers, each running main.ts as a single process would (migrations and
 * the demo seed under the start-up lock, then listening on the shared port; Node's primary hands
 * out connections round-robin). Logs `startupWarnings` once, for all of them.
 *
 * - A worker that dies after it was listening is replaced at once. One that dies before (a
 *   start-up failure: bad settings, database unreachable) stops the cluster with exit code 1
 *   instead of restarting in a loop; the supervisor (systemd, the orchestrator) decides.
 * - SIGTERM or SIGINT is passed to every worker as SIGTERM: each stops accepting, finishes the
 *   requests it has and exits (main.ts). The primary exits when they all have: 0 when each
 *   stopped cleanly, else 1.
 */
export function runPrimary(config: Config): void {
  const log = pino({ level: config.logLevel });
  for (const w of startupWarnings(config)) log.warn(w.details, w.message);
  const alive = new Set<Worker>();
  const serving = new Set<Worker>();
  let stopping = false;
  let exitCode = 0;

  const fork = () => alive.add(cluster.fork());
  const stop = (reason: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ reason, workers: alive.size }, "stopping the workers");
    for (const worker of alive) worker.process.kill("SIGTERM");
    if (alive.size === 0) process.exit(exitCode);
  };

  cluster.on("message", relayChangeNotices);
  cluster.on("listening", (worker) => serving.add(worker));
  cluster.on("exit", (worker, code, signal) => {
    alive.delete(worker);
    const wasServing = serving.delete(worker);
    const exit = { workerPid: worker.process.pid, code, signal };
    if (stopping) {
      // Killed by our SIGTERM before its handlers were set (still starting) is a clean stop too.
      if (code !== 0 && signal !== "SIGTERM") exitCode = 1;
      log.info(exit, "worker stopped");
      if (alive.size === 0) process.exit(exitCode);
    } else if (wasServing) {
      log.warn(exit, "worker exited; starting another");
      fork();
    } else {
      log.error(exit, "worker failed to start; stopping");
      exitCode = 1;
      stop("a worker failed to start");
    }
  });
  for (const signal of ["SIGINT", "SIGTERM"] as const) process.once(signal, () => stop(signal));

  log.info({ workers: config.webConcurrency }, "starting workers");
  for (let i = 0; i < config.webConcurrency; i++) fork();
}

// Where the machine's CPU went during a load run, by group of processes, read from /proc (Linux):
// bench:fleet's answer to what keeps N processes from N times the throughput.
import fs from "node:fs";
import os from "node:os";

/** Clock ticks a second of /proc/<pid>/stat's times (USER_HZ: 100 on every Linux build). */
const TICKS_PER_SECOND = 100;

/** CPU seconds (user + system, all threads) of every process now, by pid, with its name. */
function processTimes(): Map<number, { name: string; seconds: number }> {
  const times = new Map<number, { name: string; seconds: number }>();
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    let stat: string;
    try {
      stat = fs.readFileSync(`/proc/${entry}/stat`, "utf8");
    } catch {
      continue; // exited meanwhile
    }
    // proc(5): "pid (comm) state …", utime and stime are fields 14 and 15; comm may hold spaces.
    const end = stat.lastIndexOf(")");
    const fields = stat.slice(end + 2).split(" ");
    const seconds = (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
    times.set(Number(entry), { name: stat.slice(stat.indexOf("(") + 1, end), seconds });
  }
  return times;
}

/**
 * Starts measuring; the returned function stops and gives each group's share of all the
 * machine's cores over the interval, in percent (one decimal), e.g. `{ nginx: 31.5, … }`.
 * `groupOf` names the group of a process from its pid and name. Processes that start and end
 * within the interval are not seen (none do in a load run).
 */
export function cpuMeter(groupOf: (pid: number, name: string) => string) {
  const before = processTimes();
  const started = performance.now();
  return (): Record<string, number> => {
    const elapsed = (performance.now() - started) / 1000;
    const capacity = elapsed * os.cpus().length;
    const shares: Record<string, number> = {};
    for (const [pid, { name, seconds }] of processTimes()) {
      const used = seconds - (before.get(pid)?.seconds ?? seconds);
      const group = groupOf(pid, name);
      shares[group] = (shares[group] ?? 0) + used;
    }
    for (const group of Object.keys(shares)) {
      shares[group] = Math.round(((shares[group] ?? 0) / capacity) * 1000) / 10;
    }
    return shares;
  };
}

// nginx for the fleet check and bench:fleet: docs/deploy/nginx.conf with its addresses, ports and
// paths swapped for temporary ones, run by the current user (no root) until stopped.
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { root } from "./load.ts";

/** The operator's template (docs/deploy/README.md "nginx"). */
export const NGINX_TEMPLATE = path.join(root, "docs/deploy/nginx.conf");

/** How to run the template here. */
export interface NginxOptions {
  /** The loopback port nginx listens on. */
  port: number;
  /** The app processes' loopback ports: the upstream's `server` lines, in order. */
  upstreams: number[];
  /** False: `proxy_cache off` (proxy only, every request reaches a process). Default true. */
  cache?: boolean;
  /** nginx worker processes (Debian's nginx.conf: `auto`, one per core). Default "auto". */
  workers?: number | "auto";
  /** Write the access log (the fleet check reads which process answered). Default true. */
  accessLog?: boolean;
}

/**
 * Replaces the one match of `pattern` in `text`.
 * @throws Error naming `what` when the template has it not exactly once: the check must run the
 * operator's file, never a file it silently failed to adapt.
 */
function swap(text: string, pattern: RegExp, replacement: string, what: string): string {
  const count = [...text.matchAll(new RegExp(pattern.source, `${pattern.flags}g`))].length;
  if (count !== 1) {
    throw new Error(`docs/deploy/nginx.conf: ${what} found ${count} times, not once (${pattern})`);
  }
  return text.replace(pattern, replacement);
}

/**
 * The site part of docs/deploy/nginx.conf adapted to this machine: the upstream's `server` lines
 * (keeping the template's parameters) point at `upstreams`, plain HTTP listens on loopback
 * `port` only, the cache and access log live in `dir`; with `cache: false`, `proxy_cache off`.
 * Everything else (headers, retries, caching rules, locations) is the template's, unchanged.
 * @throws Error when the template lacks one of those lines.
 */
export function renderNginxSite(template: string, dir: string, options: NginxOptions): string {
  const serverLine = /^(\s*)server 127\.0\.0\.1:\d+( [^;\n]*)?;\n/m.exec(template);
  if (!serverLine) throw new Error("docs/deploy/nginx.conf: no upstream server line");
  const [, indent = "", params = ""] = serverLine;
  const servers = options.upstreams.map((p) => `${indent}server 127.0.0.1:${p}${params};\n`);
  let site = swap(
    template,
    /^(\s*server 127\.0\.0\.1:\d+[^;\n]*;\n)+/m,
    servers.join(""),
    "the upstream's server lines",
  );
  site = swap(site, /^(\s*)listen 80;$/m, `$1listen 127.0.0.1:${options.port};`, "listen 80");
  site = swap(site, /^\s*listen \[::\]:80;\n/m, "", "listen [::]:80");
  site = swap(
    site,
    /proxy_cache_path \/var\/cache\/nginx\/pragmatist /,
    `proxy_cache_path ${dir}/cache `,
    "the cache path",
  );
  site = swap(
    site,
    /access_log \/var\/log\/nginx\/pragmatist\.access\.log pragmatist;/,
    options.accessLog === false ? "access_log off;" : `access_log ${dir}/access.log pragmatist;`,
    "the access log",
  );
  if (options.cache === false) {
    site = swap(site, /^(\s*)proxy_cache pragmatist;$/m, "$1proxy_cache off;", "proxy_cache");
  }
  return site;
}

/**
 * A whole nginx.conf for an unprivileged nginx: pid, error log and temporary files in `dir`, the
 * site (renderNginxSite) in its http block, as Debian's nginx.conf includes sites-enabled/*.
 */
export function renderNginxConfig(template: string, dir: string, options: NginxOptions): string {
  const temp = ["client_body", "proxy", "fastcgi", "uwsgi", "scgi"]
    .map((kind) => `    ${kind}_temp_path ${dir}/${kind}_temp;`)
    .join("\n");
  return [
    `worker_processes ${options.workers ?? "auto"};`,
    `pid ${dir}/nginx.pid;`,
    // info: nginx logs what happens to client connections (resets, early closes) at this level.
    `error_log ${dir}/error.log info;`,
    "events { worker_connections 4096; }",
    "http {",
    "    include /etc/nginx/mime.types;",
    "    sendfile on;",
    "    tcp_nopush on;",
    temp,
    renderNginxSite(template, dir, options),
    "}",
    "",
  ].join("\n");
}

/** A running nginx. */
export interface RunningNginx {
  /** `http://127.0.0.1:<port>`. */
  url: string;
  /** Its folder: nginx.conf, access.log, error.log, cache. */
  dir: string;
  /** The access log's lines so far. */
  accessLog(): string[];
  /** Stops nginx (SIGQUIT: finishes what is in flight) and removes its folder. */
  stop(): Promise<void>;
}

/**
 * How long, in seconds, nginx leaves a process out after it failed (the template's
 * `fail_timeout`): a rolling restart waits that long after a process is ready before the next.
 * @throws Error when the template's upstream has no fail_timeout.
 */
export function nginxFailTimeoutSeconds(): number {
  const m = /\bfail_timeout=(\d+)s\b/.exec(fs.readFileSync(NGINX_TEMPLATE, "utf8"));
  if (!m) throw new Error("docs/deploy/nginx.conf: no fail_timeout on the upstream's servers");
  return Number(m[1]);
}

/**
 * The nginx binary: NGINX_BIN, else Debian's /usr/sbin/nginx, else `nginx` on the PATH.
 * @throws Error saying how to install it when none is found.
 */
export function findNginx(): string {
  const candidates = [process.env.NGINX_BIN, "/usr/sbin/nginx"];
  const found = candidates.find((c): c is string => !!c && fs.existsSync(c));
  if (found) return found;
  try {
    execFileSync("nginx", ["-v"], { stdio: "ignore" });
    return "nginx";
  } catch {
    throw new Error(
      "nginx not found: install Debian's (`apt-get install -y nginx`) or set NGINX_BIN",
    );
  }
}

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, "127.0.0.1");
    socket.once("connect", () => resolve(!!socket.end()));
    socket.once("error", () => resolve(false));
  });
}

/**
 * Starts nginx in the foreground (`daemon off`) on a configuration rendered from the template
 * into a new temporary folder, after `nginx -t` accepts it; resolves once `options.port` accepts
 * connections.
 * @throws Error with nginx's own message when the configuration is refused or nginx exits.
 */
export async function startNginx(options: NginxOptions): Promise<RunningNginx> {
  const bin = findNginx();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "pragmatist-nginx-"));
  // Started by root (CI containers), nginx runs its workers as `nobody`: they must reach the
  // cache and temporary folders the master makes for them in here.
  fs.chmodSync(dir, 0o755);
  const conf = path.join(dir, "nginx.conf");
  fs.writeFileSync(conf, renderNginxConfig(fs.readFileSync(NGINX_TEMPLATE, "utf8"), dir, options));
  const args = ["-p", dir, "-c", conf, "-e", path.join(dir, "error.log")];
  execFileSync(bin, [...args, "-t", "-q"], { stdio: ["ignore", "ignore", "pipe"] });
  const child: ChildProcess = spawn(bin, [...args, "-g", "daemon off;"], { stdio: "ignore" });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const deadline = Date.now() + 10_000;
  while (!(await accepts(options.port))) {
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(
        `nginx did not start: ${fs.readFileSync(path.join(dir, "error.log"), "utf8")}`,
      );
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    url: `http://127.0.0.1:${options.port}`,
    dir,
    accessLog: () => {
      const file = path.join(dir, "access.log");
      return fs.existsSync(file) ? fs.readFileSync(file, "utf8").split("\n").filter(Boolean) : [];
    },
    async stop() {
      if (child.exitCode === null) child.kill("SIGQUIT");
      await exited;
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

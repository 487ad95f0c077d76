// `npm run import -- <folder>`: imports a folder of Markdown articles into the configured database.
import path from "node:path";
import { parseArgs } from "node:util";
import { closeServices, createServices } from "../services.ts";
import { loadToolConfig } from "../config.ts";
import { openDb } from "../db/client.ts";
import { migrateToLatest } from "../db/migrate.ts";
import { type ContentLogger, importFolder } from "../modules/importer/importer.service.ts";
import { progressReporter } from "./progress.ts";
import { runCommand } from "./run.ts";

const USAGE = `Usage: npm run import -- <folder> [--strict]

Imports every Markdown file under <folder> (recursively) into the database configured by
DATABASE_URL / DATA_DIR. Articles are upserted by slug: importing again updates, never duplicates.
An authors.json at the folder root is loaded first.

  --strict   exit with status 1 when any file was skipped
  --help     show this help`;

/** Warnings go to stderr on their own line (after clearing the progress bar). */
function cliLogger(stream: NodeJS.WriteStream): ContentLogger {
  const line = (level: string, obj: object, msg?: string) => {
    const details = Object.entries(obj)
      .filter(([k]) => k !== "err")
      .map(([k, v]) => `${k}=${typeof v === "string" ? v : JSON.stringify(v)}`)
      .join(" ");
    const err = (obj as { err?: unknown }).err;
    const reason = err instanceof Error ? ` (${err.message})` : "";
    stream.write(`${stream.isTTY ? "\r\x1b[2K" : ""}${level}: ${msg ?? ""} ${details}${reason}\n`);
  };
  return {
    info: () => {},
    warn: (obj, msg) => line("warning", obj, msg),
    error: (obj, msg) => line("error", obj, msg),
  };
}

async function main(): Promise<number> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      strict: { type: "boolean", default: false },
      help: { type: "boolean", default: false },
    },
  });
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  if (positionals.length !== 1 || !positionals[0]) {
    console.error(USAGE);
    return 2;
  }
  const folder = path.resolve(positionals[0]);
  const config = loadToolConfig();
  const db = openDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await migrateToLatest(db);
    const services = createServices(db, config);
    const progress = progressReporter(process.stderr, "imported");
    const started = performance.now();
    const summary = await importFolder(services, folder, {
      storage: services.media,
      log: cliLogger(process.stderr),
      onProgress: ({ done, total, file }) => progress.update(done, total, file),
    }).finally(() => closeServices(services));
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.log(
      `\n${folder}: ${summary.created} created, ${summary.updated} updated, ` +
        `${summary.skipped.length} skipped in ${seconds} s`,
    );
    for (const s of summary.skipped) console.log(`  skipped ${s.file}: ${s.reason}`);
    return values.strict && summary.skipped.length > 0 ? 1 : 0;
  } finally {
    await db.close();
  }
}

runCommand("import", main);

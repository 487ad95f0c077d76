// Runs PostgreSQL's client programs (pg_dump, pg_restore) on DATABASE_URL, password off the argv.
import { execFile } from "node:child_process";
import { promisify } from "node:util";

const run = promisify(execFile);

/** The PostgreSQL client programs the backup uses. */
export type PgTool = "pg_dump" | "pg_restore";

/**
 * Runs `program args… --dbname=<databaseUrl without its password>` and resolves with its standard
 * output. The password goes in PGPASSWORD, which libpq reads, so it never shows in the process
 * list (`ps`); the rest of the URL is a libpq connection URI (PostgreSQL docs §34.1.1), so libpq
 * options such as `sslmode` and `options` pass through.
 * @throws Error saying how to install the client tools when `program` is not on PATH, or with the
 * program's exit code and its own message when it fails (e.g. a server newer than the client).
 */
export async function runPgTool(
  program: PgTool,
  args: string[],
  databaseUrl: string,
): Promise<string> {
  const url = new URL(databaseUrl);
  const password = decodeURIComponent(url.password);
  url.password = "";
  const env = { ...process.env, ...(password ? { PGPASSWORD: password } : {}) };
  try {
    const { stdout } = await run(program, [...args, `--dbname=${url.toString()}`], {
      env,
      maxBuffer: 64 * 1024 * 1024,
    });
    return stdout;
  } catch (err) {
    const failure = err as NodeJS.ErrnoException & { code?: string | number; stderr?: string };
    if (failure.code === "ENOENT") {
      throw new Error(
        `${program} is not on PATH: install PostgreSQL's client programs, the server's major version or newer (Debian: apt-get install postgresql-client)`,
        { cause: err },
      );
    }
    const message = failure.stderr?.trim() || failure.message;
    throw new Error(`${program} failed (exit ${String(failure.code)}): ${message}`, { cause: err });
  }
}

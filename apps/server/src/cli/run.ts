// How every command-line tool ends: its exit code, or a one-line failure and exit code 1.

/**
 * Runs `main` and sets the process's exit code to what it resolves to; a rejection prints
 * "`name` failed: <message>" on stderr (no stack: the tools' errors are for operators) and exits 1.
 */
export function runCommand(name: string, main: () => Promise<number>): void {
  main().then(
    (code) => {
      process.exitCode = code;
    },
    (err: unknown) => {
      console.error(`${name} failed: ${err instanceof Error ? err.message : String(err)}`);
      process.exitCode = 1;
    },
  );
}

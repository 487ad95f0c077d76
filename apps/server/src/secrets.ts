// The server secret that salts reader hashes and (later) signs sessions: APP_SECRET, or a random
// value kept in DATA_DIR so it survives restarts on a fresh machine.
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";

/**
 * Returns `configured` when set (at least 32 characters), else the secret stored in
 * `dataDir/secret.key`, creating it with 256 random bits (mode 0600) on first use.
 * @throws Error when a configured secret is shorter than 32 characters.
 */
export function resolveSecret(configured: string | undefined, dataDir: string): string {
  if (configured !== undefined) {
    if (configured.length < 32) throw new Error("APP_SECRET must be at least 32 characters");
    return configured;
  }
  if (dataDir === ":memory:") return randomBytes(32).toString("base64url");
  const file = path.join(dataDir, "secret.key");
  try {
    return fs.readFileSync(file, "utf8").trim();
  } catch {
    fs.mkdirSync(dataDir, { recursive: true });
    const secret = randomBytes(32).toString("base64url");
    fs.writeFileSync(file, secret, { mode: 0o600, flag: "wx" });
    return secret;
  }
}

// Test helper: a real S3 protocol server on loopback (s3rver, files in a temporary folder), so
// object-storage tests speak the actual protocol through the official SDK instead of mocking it.
import fs from "node:fs";
import { createRequire } from "node:module";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";

/** The part of s3rver's API used here (the package ships no types). */
interface S3rver {
  run(): Promise<AddressInfo>;
  close(): Promise<void>;
}
type S3rverClass = new (options: {
  address: string;
  port: number;
  directory: string;
  silent: boolean;
  configureBuckets: { name: string }[];
}) => S3rver;

const S3rverServer = createRequire(import.meta.url)("s3rver") as S3rverClass;

/** s3rver's one account: requests must be signed (SigV4) with these keys. */
const ACCESS_KEY = "S3RVER";

/** A running loopback S3 server with one bucket. */
export interface S3TestServer {
  /** `http://127.0.0.1:<port>`. */
  endpoint: string;
  bucket: string;
  /**
   * The S3_* settings that point the app at this server's bucket (path-style URLs, s3rver's
   * keys); `overrides` replace or add settings (e.g. `{ S3_PUBLIC_URL: ... }`).
   */
  env(overrides?: Record<string, string>): Record<string, string>;
  /** Stops the server and removes its folder. */
  close(): Promise<void>;
}

/**
 * Starts s3rver on 127.0.0.1, port 0 (any free port), storing objects in a new temporary folder,
 * with the bucket `bucket` (default "media") created.
 */
export async function startS3Server(bucket = "media"): Promise<S3TestServer> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), "pragmatist-s3-"));
  const server = new S3rverServer({
    address: "127.0.0.1",
    port: 0,
    directory,
    silent: true,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    bucket,
    env: (overrides = {}) => ({
      S3_ENDPOINT: endpoint,
      S3_REGION: "us-east-1",
      S3_BUCKET: bucket,
      S3_ACCESS_KEY_ID: ACCESS_KEY,
      S3_SECRET_ACCESS_KEY: ACCESS_KEY,
      S3_FORCE_PATH_STYLE: "true",
      ...overrides,
    }),
    async close() {
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}

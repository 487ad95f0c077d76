// A server keeping media on disk never loads the S3 SDK (s3-storage.ts): its modules cost about
// 37 MB of resident memory (docs/scale.md#server-memory). Read in a fresh process, whose module
// resolutions are recorded by a resolve hook.
import { execFileSync } from "node:child_process";
import { pathToFileURL } from "node:url";
import path from "node:path";
import { describe, expect, it } from "vitest";

const here = path.dirname(new URL(import.meta.url).pathname);
const url = (file: string) => pathToFileURL(path.join(here, file)).href;

/** A script importing the server's app module, making a media storage for `s3`, then printing the SDK modules resolved. */
const script = (s3: string) => `
import { registerHooks } from "node:module";
const sdk = new Set();
registerHooks({
  resolve(specifier, context, next) {
    const found = next(specifier, context);
    if (found.url.includes("@aws-sdk/client-s3")) sdk.add(specifier);
    return found;
  },
});
await import(${JSON.stringify(url("../../app.ts"))});
const { createMediaStorage, closeMediaStorage } = await import(${JSON.stringify(url("./media-storage.ts"))});
const storage = createMediaStorage({ dataDir: "/tmp", s3: ${s3} });
if (storage.kind === "s3") await storage.ping().catch(() => {});
closeMediaStorage(storage);
console.log(JSON.stringify([...sdk]));
`;

/** The S3 SDK modules a fresh process resolved with media storage `s3` (a JS expression). */
const sdkLoaded = (s3: string): string[] =>
  JSON.parse(
    execFileSync(process.execPath, ["--input-type=module", "-e", script(s3)], {
      encoding: "utf8",
      timeout: 60_000,
    })
      .trim()
      .split("\n")
      .at(-1)!,
  );

describe("the S3 SDK", () => {
  it("is not loaded by a server keeping media on disk, and is once a bucket is configured", () => {
    expect(sdkLoaded("null")).toEqual([]);
    const bucket = `{ endpoint: "http://127.0.0.1:9", region: "us-east-1", bucket: "media",
      credentials: { accessKeyId: "a", secretAccessKey: "b" }, forcePathStyle: true, publicUrl: undefined }`;
    expect(sdkLoaded(bucket)).toContain("@aws-sdk/client-s3");
  }, 120_000);
});

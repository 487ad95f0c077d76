// `npm start`'s first step, in plain JavaScript so that any Node can read it:
// the server runs its TypeScript directly (decision 001), which older Node versions cannot, and
// would fail with "Unknown file extension .ts". Says which Node is needed instead, and exits 1.
import { readFileSync } from "node:fs";
import semver from "semver";

const manifest = new URL("../../../../package.json", import.meta.url);
const wanted = JSON.parse(readFileSync(manifest, "utf8")).engines.node;
if (!semver.satisfies(process.versions.node, wanted)) {
  console.error(
    `Pragmatist needs Node ${wanted}: it runs its TypeScript directly. This is Node ${process.versions.node}.\n` +
      "Install Node 24 LTS (https://nodejs.org/, or `nvm install 24`), then run `npm start` again.",
  );
  process.exit(1);
}

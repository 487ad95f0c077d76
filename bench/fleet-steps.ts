// The fleet check's people, its look at nginx's caching and headers, and the writes it sends while
// processes die (bench/fleet-check.ts).
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import pg from "pg";
import { type Answer, type AppProcess, request } from "./fleet-kit.ts";
import { root } from "./load.ts";

/** A signed-up account: its id and session token (sent as `Authorization: Bearer`). */
export interface Person {
  id: number;
  email: string;
  jwt: string;
}

async function register(from: string, publicUrl: string, username: string): Promise<Person> {
  const email = `${username.toLowerCase()}.${Date.now()}@example.test`;
  const res = await request(from, `${publicUrl}/api/auth/local/register`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: publicUrl },
    body: JSON.stringify({ username, email, password: "a-long-fleet-passphrase" }),
  });
  assert.equal(res.status, 200, `register ${username}: ${res.body}`);
  const { jwt, user } = JSON.parse(res.body.toString()) as { jwt: string; user: { id: number } };
  return { id: user.id, email, jwt };
}

/**
 * A member and an editor, signed up through nginx; the editor gets the role from
 * `npm run user:role`, as an operator gives it, with the fleet's settings.
 */
export async function createPeople(
  from: string,
  publicUrl: string,
  env: Record<string, string>,
): Promise<{ editor: Person; member: Person }> {
  const member = await register(from, publicUrl, "FleetMember");
  const editor = await register(from, publicUrl, "FleetEditor");
  execFileSync("npm", ["run", "--silent", "user:role", "--", editor.email, "editor"], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ["ignore", "ignore", "inherit"],
  });
  return { editor, member };
}

function decoded(answer: Answer): string {
  const coding = answer.headers["content-encoding"];
  const body =
    coding === "br"
      ? brotliDecompressSync(answer.body)
      : coding === "gzip"
        ? gunzipSync(answer.body)
        : answer.body;
  return body.toString();
}

/** GETs `url` twice through nginx; the second answer (its first may fill the cache). */
async function twice(from: string, url: string, headers: Record<string, string> = {}) {
  await request(from, url, { headers });
  return request(from, url, { headers });
}

/**
 * Through nginx: a public page is cached and served to a signed-in reader from the cache too,
 * one entry per content coding; a private answer never is; /assets/ are immutable and cached;
 * X-Request-Id is passed through or made; /metrics is refused (each process serves its own).
 * @throws AssertionError on the first of these that does not hold.
 */
export async function cachedAnswers(
  from: string,
  publicUrl: string,
  slug: string,
  member: Person,
  metricsToken: string,
  a: AppProcess,
): Promise<string> {
  const page = `${publicUrl}/p/${slug}`;
  const chrome = { "accept-encoding": "gzip, deflate, br, zstd" };
  const anonymous = await twice(from, page, chrome);
  assert.equal(anonymous.headers["x-proxy-cache"], "HIT", "the page's second reader");
  const signedIn = await request(from, page, {
    headers: { ...chrome, cookie: `pragmatist_session=${member.jwt}; pragmatist_member=1` },
  });
  assert.equal(signedIn.headers["x-proxy-cache"], "HIT", "a signed-in reader of the page");
  assert.equal(signedIn.headers.etag, anonymous.headers.etag);
  const html = decoded(anonymous);
  for (const coding of ["gzip", "identity"]) {
    const other = await twice(from, page, { "accept-encoding": coding });
    assert.equal(other.headers["content-encoding"], coding === "gzip" ? "gzip" : undefined);
    assert.equal(decoded(other), html, `the ${coding} copy is the same page`);
  }
  const bearer = { authorization: `Bearer ${member.jwt}` };
  const viewerUrl = `${publicUrl}/api/viewer?article=${slug}`;
  const viewer = [await request(from, viewerUrl, { headers: bearer })];
  viewer.push(await request(from, viewerUrl, { headers: bearer }));
  for (const v of viewer) {
    assert.equal(v.headers["cache-control"], "private, no-store");
    assert.notEqual(v.headers["x-proxy-cache"], "HIT", "a private answer came from nginx's cache");
  }
  const asset = /\/assets\/[\w.-]+\.js/.exec(html)?.[0];
  assert.ok(asset, "the page names no /assets/ script");
  const script = await twice(from, publicUrl + asset, chrome);
  assert.equal(script.headers["cache-control"], "public, max-age=31536000, immutable");
  assert.equal(script.headers["x-proxy-cache"], "HIT", `${asset} from nginx's cache`);
  const named = await request(from, page, { headers: { "x-request-id": "fleet-check-42" } });
  assert.equal(named.headers["x-request-id"], "fleet-check-42", "the reader's request id");
  const made = await request(from, page);
  assert.match(String(made.headers["x-request-id"]), /^[0-9a-f]{32}$/, "nginx's request id");
  assert.equal((await request(from, `${publicUrl}/metrics`)).status, 403, "/metrics via nginx");
  const metrics = await request(from, `${a.url}/metrics`, {
    headers: { authorization: `Bearer ${metricsToken}` },
  });
  assert.equal(metrics.status, 200, "/metrics on A's own port with the token");
  return `page HIT for readers with and without a session, br/gzip/identity apart; ${asset} immutable`;
}

/** What happened to the drafts written during an event, as the database has it afterwards. */
export interface Writes {
  /** Answered 201. */
  acknowledged: number;
  /** How the others ended: their status code, or the connection's error code. */
  refused: string[];
  /** Ids answered 201 that the database does not have: lost writes. */
  lost: number[];
  /** Drafts answered with a refusal that the database has all the same (a retry would double). */
  appliedAnyway: number;
}

/**
 * Two writers create drafts through nginx, one after another each, until `during` ends; then the
 * fleet's database (`databaseUrl`) is asked which of them it holds.
 */
export async function writesDuring(
  from: string,
  publicUrl: string,
  databaseUrl: string,
  editor: Person,
  during: () => Promise<void>,
): Promise<Writes> {
  const headers = { authorization: `Bearer ${editor.jwt}`, "content-type": "application/json" };
  const acknowledged: number[] = [];
  const refused: { title: string; why: string }[] = [];
  let done = false;
  const writer = async (w: number) => {
    for (let i = 0; !done; i++) {
      const title = `Fleet draft ${w}.${i} ${Date.now()}`;
      const body = JSON.stringify({ data: { title } });
      try {
        const res = await request(from, `${publicUrl}/api/articles`, {
          method: "POST",
          headers,
          body,
        });
        if (res.status !== 201) refused.push({ title, why: String(res.status) });
        else
          acknowledged.push((JSON.parse(res.body.toString()) as { data: { id: number } }).data.id);
      } catch (err) {
        refused.push({ title, why: (err as NodeJS.ErrnoException).code ?? String(err) });
      }
    }
  };
  const writers = [writer(1), writer(2)];
  try {
    await during();
  } finally {
    done = true;
    await Promise.all(writers);
  }
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    const ids = await db.query<{ id: number }>("select id from articles where id = any($1)", [
      acknowledged,
    ]);
    const stored = new Set(ids.rows.map((r) => r.id));
    const applied = await db.query("select 1 from articles where title = any($1)", [
      refused.map((r) => r.title),
    ]);
    return {
      acknowledged: acknowledged.length,
      refused: refused.map((r) => r.why),
      lost: acknowledged.filter((id) => !stored.has(id)),
      appliedAnyway: applied.rowCount ?? 0,
    };
  } finally {
    await db.end();
  }
}

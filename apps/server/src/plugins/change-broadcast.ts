// Tells the other processes serving the same publication that what readers see has changed, so
// each empties its response cache (docs/architecture.md#caching): Redis pub/sub, PostgreSQL
// LISTEN/NOTIFY, the cluster's IPC between the workers of one machine, or nobody (one process).
import { createHash, randomUUID } from "node:crypto";
import cluster from "node:cluster";
import fs from "node:fs";
import { Redis } from "ioredis";
import { sql } from "kysely";
import pg from "pg";
import type { Db } from "../db/client.ts";

/** How the change reaches the other processes (logged, and asserted by tests). */
export type BroadcastTransport = "redis" | "postgres" | "cluster" | "none";

/** One publication's change notices between processes; built once per app by services.ts. */
export interface ChangeBroadcast {
  readonly transport: BroadcastTransport;
  /**
   * Tells every other process on the same database that content changed. Returns at once and
   * never throws: a failure goes to `onError` (their caches then expire by their own TTL).
   */
  publish(): void;
  /**
   * Calls `onChange` for every change another process publishes, and again each time a lost
   * connection is back (notices sent meanwhile are lost, so something may have changed).
   * Resolves once listening; call it once.
   * @throws the transport's error when it cannot listen at start (Redis or PostgreSQL down).
   */
  subscribe(onChange: () => void): Promise<void>;
  /** Stops listening and closes the connections (app close). */
  close(): Promise<void>;
}

/** What `createChangeBroadcast` chooses from. */
export interface ChangeBroadcastOptions {
  /** The database the publication lives in; processes on the same one hear each other. */
  db: Db;
  /** REDIS_URL: when set, notices go through Redis pub/sub. */
  redisUrl: string | undefined;
  /** DATABASE_URL: without Redis, a dedicated PostgreSQL connection LISTENs on it. */
  databaseUrl: string | undefined;
  /** Hears each failure to publish or listen (a lost connection, each reconnection attempt). */
  onError: (err: unknown, transport: BroadcastTransport) => void;
}

/**
 * Picks the transport: Redis when `redisUrl` is set; else PostgreSQL LISTEN/NOTIFY when the
 * database is PostgreSQL and `databaseUrl` is known; else the cluster's IPC in a WEB_CONCURRENCY
 * worker (the primary relays, `relayChangeNotices`); else none (one process, or an in-memory
 * database no other process can open). Connects nothing until used: a command-line tool that
 * publishes opens one connection, and only `subscribe` opens a listening one.
 */
export function createChangeBroadcast(options: ChangeBroadcastOptions): ChangeBroadcast {
  const { db, redisUrl, databaseUrl, onError } = options;
  if (db.sqlite?.memory) return noBroadcast;
  const channel = lazyChannel(db);
  if (redisUrl) return redisBroadcast(redisUrl, channel, (err) => onError(err, "redis"));
  if (db.dialect === "postgres" && databaseUrl) {
    return postgresBroadcast(db, databaseUrl, channel, (err) => onError(err, "postgres"));
  }
  if (cluster.isWorker) return clusterBroadcast((err) => onError(err, "cluster"));
  return noBroadcast;
}

const noBroadcast: ChangeBroadcast = {
  transport: "none",
  publish() {},
  async subscribe() {},
  async close() {},
};

/**
 * The channel's name part: a hash of what identifies the database (PostgreSQL: its name and
 * schema, whatever the URL; SQLite: the file's real path), so sites or test schemas sharing one
 * Redis or one PostgreSQL server never empty each other's caches. Read once, on first use.
 */
function lazyChannel(db: Db): () => Promise<string> {
  let name: Promise<string> | undefined;
  const identify = async () => {
    if (db.sqlite) return `sqlite:${fs.realpathSync(db.sqlite.name)}`;
    const { rows } = await sql<{ database: string; schema: string }>`
      select current_database() as database, current_schema() as schema`.execute(db.kysely);
    return `postgres:${rows[0]?.database}/${rows[0]?.schema}`;
  };
  return () => {
    if (!name) {
      name = identify().then((id) => createHash("sha256").update(id).digest("hex").slice(0, 16));
      name.catch(() => (name = undefined)); // a failed read is tried again next time
    }
    return name;
  };
}

/** Redis pub/sub: one connection publishes, another (a subscriber can do nothing else) listens. */
function redisBroadcast(
  url: string,
  channelHash: () => Promise<string>,
  onError: (err: unknown) => void,
): ChangeBroadcast {
  const sender = randomUUID(); // on each notice, so a process does not hear itself
  const channel = () => channelHash().then((hash) => `pragmatist:publication:${hash}`);
  // Connected on first publish; a notice sent while Redis is away fails after one retry.
  const publisher = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 1 });
  publisher.on("error", onError);
  let subscriber: Redis | null = null;
  const quit = async (client: Redis | null) => {
    if (!client || client.status === "wait" || client.status === "end") return client?.disconnect();
    await client.quit().catch(() => client.disconnect());
  };
  return {
    transport: "redis",
    publish() {
      channel()
        .then((name) => publisher.publish(name, sender))
        .catch(onError);
    },
    async subscribe(onChange) {
      const name = await channel();
      subscriber = new Redis(url);
      subscriber.on("error", onError);
      subscriber.on("message", (from: string, message: string) => {
        if (from === name && message !== sender) onChange();
      });
      await subscriber.subscribe(name);
      // ioredis subscribes again by itself after a reconnection.
      subscriber.on("ready", onChange);
    },
    async close() {
      await Promise.all([quit(publisher), quit(subscriber)]);
    },
  };
}

/** Longest wait before listening again after the PostgreSQL connection was lost, in ms. */
const MAX_RELISTEN_MS = 30_000;

/**
 * PostgreSQL LISTEN/NOTIFY (PostgreSQL manual, NOTIFY): notices go through the pool with
 * `pg_notify`; one connection of its own listens, and listens again after it is lost.
 */
function postgresBroadcast(
  db: Db,
  databaseUrl: string,
  channelHash: () => Promise<string>,
  onError: (err: unknown) => void,
): ChangeBroadcast {
  const sender = randomUUID(); // on each notice, so a process does not hear itself
  const channel = () => channelHash().then((hash) => `pragmatist_publication_${hash}`);
  let listener: pg.Client | null = null;
  let retry: NodeJS.Timeout | null = null;
  let closed = false;

  async function listen(name: string, onChange: () => void, attempt: number): Promise<void> {
    // Named, so an operator sees in pg_stat_activity what the idle connection is for.
    const client = new pg.Client({
      connectionString: databaseUrl,
      application_name: "pragmatist change listener",
    });
    client.on("error", onError);
    client.on("notification", (n) => {
      if (n.channel === name && n.payload !== sender) onChange();
    });
    client.once("end", () => {
      if (closed || listener !== client) return;
      listener = null;
      relisten(name, onChange, 1);
    });
    try {
      await client.connect();
      await client.query(`listen ${client.escapeIdentifier(name)}`);
    } catch (err) {
      await client.end().catch(() => {});
      throw err;
    }
    if (closed) {
      await client.end();
      return;
    }
    listener = client;
    if (attempt > 0) onChange();
  }

  function relisten(name: string, onChange: () => void, attempt: number) {
    const delay = Math.min(MAX_RELISTEN_MS, 500 * 2 ** attempt);
    retry = setTimeout(() => {
      listen(name, onChange, attempt).catch((err: unknown) => {
        onError(err);
        if (!closed) relisten(name, onChange, attempt + 1);
      });
    }, delay).unref();
  }

  return {
    transport: "postgres",
    publish() {
      channel()
        .then((name) => sql`select pg_notify(${name}, ${sender})`.execute(db.kysely))
        .catch(onError);
    },
    async subscribe(onChange) {
      await listen(await channel(), onChange, 0);
    },
    async close() {
      closed = true;
      if (retry) clearTimeout(retry);
      await listener?.end().catch(() => {});
      listener = null;
    },
  };
}

/** A notice between the workers of one machine, relayed by the cluster's primary. */
interface ChangeNotice {
  type: "pragmatist:publication-changed";
  from: string;
}

function isChangeNotice(message: unknown): message is ChangeNotice {
  return (
    typeof message === "object" &&
    message !== null &&
    (message as Partial<ChangeNotice>).type === "pragmatist:publication-changed"
  );
}

/**
 * For the cluster's primary (cluster.ts): passes a worker's change notice to every worker. Use
 * as `cluster.on("message", relayChangeNotices)`; other messages are left alone.
 */
export function relayChangeNotices(_from: unknown, message: unknown): void {
  if (!isChangeNotice(message)) return;
  for (const worker of Object.values(cluster.workers ?? {})) {
    if (worker?.isConnected()) worker.send(message);
  }
}

/** Node's cluster IPC: a worker sends to the primary, which relays to every worker. */
function clusterBroadcast(onError: (err: unknown) => void): ChangeBroadcast {
  const sender = randomUUID(); // on each notice, so a process does not hear itself
  let heard: ((message: unknown) => void) | null = null;
  return {
    transport: "cluster",
    publish() {
      if (!process.connected) return; // the primary is gone: this worker is shutting down
      const notice: ChangeNotice = { type: "pragmatist:publication-changed", from: sender };
      process.send?.(notice, undefined, {}, (err: Error | null) => err && onError(err));
    },
    async subscribe(onChange) {
      heard = (message) => {
        if (isChangeNotice(message) && message.from !== sender) onChange();
      };
      process.on("message", heard);
    },
    async close() {
      if (heard) process.off("message", heard);
      heard = null;
    },
  };
}

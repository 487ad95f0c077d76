// Tells when what readers may see has changed, so caches of whole pages are dropped: after a studio
// write in this or another process, and the moment a scheduled article's publish date passes
// (docs/product/studio.md#studio).
import type { Db } from "../../db/client.ts";
import type { ChangeBroadcast } from "../../plugins/change-broadcast.ts";
import { findNextScheduled } from "./studio-articles.repository.ts";

/** How often, in ms, the next scheduled date is read again (dates scheduled by other processes). */
const REFRESH_MS = 30_000;

/** Whether cached public pages are stale; one per app, built by the studio service. */
export interface PublicationWatch {
  /**
   * Listens to the other processes' changes, reads the next scheduled date, then again every
   * 30 s until `stop` (app ready). @throws when the broadcast cannot listen.
   */
  start(): Promise<void>;
  /** Stops the periodic reads (app close; the broadcast is closed by its owner). */
  stop(): void;
  /**
   * Content readers can see changed in this process (publish, unpublish, edit, delete, a
   * comment, moderation): stale at once here, and told to every other process.
   */
  changed(): void;
  /**
   * Whether cached public responses are stale: `changed` was called, or a scheduled article's
   * publish date passed, since the last call that answered true. In memory, no query: the
   * database is read in the background (after a change, when a date passed, every 30 s).
   */
  stale(): boolean;
}

/**
 * Builds the watch over the articles table, the injectable clock `now` and `broadcast`, which
 * carries changes between the processes serving this database. Public queries already compare
 * publish dates with that clock, so a scheduled article goes live with no request at all, and
 * each process notices the date passing by itself; this only keeps caches (the response cache
 * of app.ts) from hiding it past its time. A failed read is retried at the next refresh, and a
 * lost notice is not resent; until then the cache's own TTL bounds the delay.
 */
export function createPublicationWatch(
  db: Db,
  now: () => Date,
  broadcast: ChangeBroadcast,
): PublicationWatch {
  let dirty = false;
  /** Epoch ms of the next scheduled publish date; null when none or not known yet. */
  let nextDue: number | null = null;
  /** Bumped by every change, so a read that started before it does not overwrite a newer one. */
  let generation = 0;
  let timer: NodeJS.Timeout | null = null;

  async function refresh(): Promise<void> {
    const readFor = ++generation;
    try {
      const next = await findNextScheduled(db.kysely, now().toISOString());
      if (readFor === generation) nextDue = next === null ? null : Date.parse(next);
    } catch {
      // Kept as it was; the next refresh tries again.
    }
  }

  /** Something readers see changed, here or in another process (a new date may be scheduled). */
  function markStale() {
    dirty = true;
    void refresh();
  }

  return {
    async start() {
      await broadcast.subscribe(markStale);
      await refresh();
      timer ??= setInterval(() => void refresh(), REFRESH_MS).unref();
    },
    stop() {
      if (timer) clearInterval(timer);
      timer = null;
    },
    changed() {
      markStale();
      broadcast.publish();
    },
    stale() {
      let stale = dirty;
      dirty = false;
      if (nextDue !== null && now().getTime() >= nextDue) {
        stale = true;
        nextDue = null;
        void refresh();
      }
      return stale;
    },
  };
}

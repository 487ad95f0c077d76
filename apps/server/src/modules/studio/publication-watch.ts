// Tells when what readers may see has changed, so caches of whole pages are dropped: after a studio
// write in this process, and the moment a scheduled article's publish date passes (issue #7).
import type { Db } from "../../db/client.ts";
import { findNextScheduled } from "./studio-articles.repository.ts";

/** How often, in ms, the next scheduled date is read again (dates scheduled by other processes). */
const REFRESH_MS = 30_000;

/** Whether cached public pages are stale; one per app, built by the studio service. */
export interface PublicationWatch {
  /** Reads the next scheduled date, then again every 30 s until `stop` (app ready). */
  start(): Promise<void>;
  /** Stops the periodic reads (app close). */
  stop(): void;
  /** Content readers can see changed in this process (publish, unpublish, edit, delete). */
  changed(): void;
  /**
   * Whether cached public responses are stale: `changed` was called, or a scheduled article's
   * publish date passed, since the last call that answered true. In memory, no query: the
   * database is read in the background (after a change, when a date passed, every 30 s).
   */
  stale(): boolean;
}

/**
 * Builds the watch over the articles table and the injectable clock `now`. Public queries already
 * compare publish dates with that clock, so a scheduled article goes live with no request at
 * all; this only keeps caches (the response cache of app.ts) from hiding it past its time. A
 * failed read is retried at the next refresh; until then the cache's own TTL bounds the delay.
 */
export function createPublicationWatch(db: Db, now: () => Date): PublicationWatch {
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

  return {
    async start() {
      await refresh();
      timer ??= setInterval(() => void refresh(), REFRESH_MS).unref();
    },
    stop() {
      if (timer) clearInterval(timer);
      timer = null;
    },
    changed() {
      dirty = true;
      void refresh();
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

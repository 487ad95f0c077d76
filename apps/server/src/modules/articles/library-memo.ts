// Answers derived from the whole published library (counts, newest dates) kept per process for
// the library as it is, and read again once it changed (docs/scale.md#library-memo): the sitemap
// index's reads, the listings' totals and the category and ecosystem chips' counts.
import type { Kysely } from "kysely";
import { LRUCache } from "lru-cache";
import type { Database } from "../../db/schema.ts";
import { findLibraryState } from "./article-versions.repository.ts";

/** Reads kept for the published library as it is; one per process (services.ts). */
export interface LibraryMemo {
  /**
   * `read()`'s answer for the library as it is now: read once under `key` per state of the
   * library, then answered from memory until the library changes. Each call checks the state
   * with one query (`findLibraryState`: the library's version kept by the database and its newest
   * past publish date, two index seeks), shared by the calls made while it runs. A failed read is not
   * kept. `read` must depend only on the published articles, their terms and `key`.
   * @throws what the check or `read` throws.
   */
  get<T>(key: string, read: () => Promise<T>): Promise<T>;
  /**
   * A memo of its own `maxKeys` answers that shares this one's check of the library (one query
   * for the calls of both made while it runs), for answers kept per article or per request that
   * must not push the library-wide ones out.
   */
  part(maxKeys: number): LibraryMemo;
  /**
   * The library's state now (`findLibraryState`, as a string), the one every kept answer is
   * checked against: for what is derived from the library and kept elsewhere (Max's research
   * index). Calls made while a check runs share it.
   * @throws what the check throws.
   */
  state(): Promise<string>;
}

/**
 * Builds a memo over `k`; `nowIso` decides which publish dates are past (a scheduled article
 * going out changes the count). At most `maxKeys` answers are kept (the least recently used
 * go first), so keys made of a request's filter values cannot grow it without bound.
 */
export function createLibraryMemo(
  k: Kysely<Database>,
  nowIso: () => string,
  maxKeys = 500,
): LibraryMemo {
  let checking: Promise<string> | null = null;

  /** The library's state now; calls made while a check runs share it. */
  function check(): Promise<string> {
    checking ??= findLibraryState(k, nowIso())
      .then(({ version, newest }) => `${version}@${newest}`)
      .finally(() => {
        checking = null;
      });
    return checking;
  }

  function memo(max: number): LibraryMemo {
    let library = "";
    const answers = new LRUCache<string, Promise<unknown>>({ max });
    return {
      async get<T>(key: string, read: () => Promise<T>): Promise<T> {
        const now = await check();
        if (now !== library) {
          library = now;
          answers.clear();
        }
        let answer = answers.get(key) as Promise<T> | undefined;
        if (!answer) {
          answer = read();
          answers.set(key, answer);
          const kept = answer;
          // A failed read is not kept: the next call reads again.
          kept.catch(() => {
            if (answers.get(key) === kept) answers.delete(key);
          });
        }
        return answer;
      },
      part: memo,
      state: check,
    };
  }

  return memo(maxKeys);
}

// Work a request starts but does not wait for (mails after a constant answer), tracked so that
// shutdown and tests can wait until it has finished.

/** Work started without waiting for it, which shutdown and tests can wait for. */
export interface BackgroundTasks {
  /** Starts `work` now without awaiting it; a failure goes to `onError` and never rejects. */
  run(work: () => Promise<void>, onError: (err: unknown) => void): void;
  /** Resolves when every task started so far (and any they start) has settled. */
  settle(): Promise<void>;
}

/**
 * A set of in-flight tasks. Used where the answer must not depend on the outcome, e.g. so that
 * "forgot password" and "subscribe" answer alike whether or not the address is known (ASVS 6.3.8).
 */
export function createBackgroundTasks(): BackgroundTasks {
  const pending = new Set<Promise<void>>();
  return {
    run(work, onError) {
      const task: Promise<void> = work()
        .catch(onError)
        .finally(() => pending.delete(task));
      pending.add(task);
    },
    async settle() {
      while (pending.size > 0) await Promise.allSettled([...pending]);
    },
  };
}

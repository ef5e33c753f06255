/** A failed item waits 30 s, then 1 min, 2 min … at most 15 minutes. */
export function retryDelayMs(tries: number): number {
  return Math.min(15 * 60_000, 30_000 * 2 ** Math.max(0, tries - 1));
}

/**
 * A background loop's wait before its next round: the poll, doubled for each round in a row
 * that failed (the database gone), up to `capMs` (5 minutes unless said), so a loop does not
 * fail and log every poll. A loop whose work is urgent (codes to send, riders to offer jobs)
 * takes a short cap, so that it is soon back once the database is.
 */
export function nextRoundMs(pollMs: number, failedRounds: number, capMs = 5 * 60_000): number {
  return failedRounds === 0 ? pollMs : Math.min(Math.max(pollMs, capMs), pollMs * 2 ** failedRounds);
}

/** The cap of `nextRoundMs` for the dispatcher and the outbox: back within 30 s of the database. */
export const URGENT_ROUND_CAP_MS = 30_000;

/** After this many failed tries in a row, each failure is logged as an error: someone must look. */
export const TRIES_BEFORE_ALARM = 5;

/**
 * A background loop's record of the items (orders, delivery jobs) whose work failed, and when
 * each may be tried again: one that keeps failing waits out a growing back-off instead of
 * being tried, and logged, every poll. In memory: another process keeps its own, and a restart
 * tries them at once; the work itself must therefore be safe to try again.
 */
export function createRetryBook() {
  const failures = new Map<string, { tries: number; retryAt: number }>();
  return {
    /** The items still waiting out their back-off at `now`. */
    waiting(now: Date): string[] {
      for (const [id, entry] of failures) {
        // Not claimed within an hour of its turn: another process did the work, or it is over.
        if (entry.retryAt < now.getTime() - 60 * 60_000) failures.delete(id);
      }
      return [...failures].filter(([, entry]) => entry.retryAt > now.getTime()).map(([id]) => id);
    },
    failed(id: string, now: Date): { tries: number; retryAt: Date } {
      const tries = (failures.get(id)?.tries ?? 0) + 1;
      const retryAt = now.getTime() + retryDelayMs(tries);
      failures.set(id, { tries, retryAt });
      return { tries, retryAt: new Date(retryAt) };
    },
    done(id: string): void {
      failures.delete(id);
    },
  };
}
export type RetryBook = ReturnType<typeof createRetryBook>;

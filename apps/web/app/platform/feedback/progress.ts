import type { Timers } from './toast-store.ts';

/**
 * The navigation progress bar's states (docs/product/pages.md, loading and staleness). A
 * navigation or a submission shows the bar only once it has lasted PROGRESS_THROTTLE_MS, so
 * quick pages never flash it; the bar then eases towards the end over PROGRESS_DURATION_MS
 * (CSS), completes when the data has loaded, and turns red when the navigation failed.
 *
 *   idle ─start→ waiting ─200 ms→ running ─finish→ finishing ─→ idle
 *                   └─finish→ idle       └─fail→ failed ─→ idle
 */
export type ProgressPhase = 'idle' | 'waiting' | 'running' | 'finishing' | 'failed';

export const PROGRESS_THROTTLE_MS = 200;
export const PROGRESS_DURATION_MS = 5000;
/** Time for the bar to fill the last stretch and fade (matches feedback.css). */
export const PROGRESS_FINISH_MS = 400;
/** How long a red bar stays: long enough to be seen beside the error page. */
export const PROGRESS_FAILED_MS = 1500;

export function createProgress(timers: Pick<Timers, 'setTimeout' | 'clearTimeout'>) {
  let phase: ProgressPhase = 'idle';
  let timer: unknown = null;
  const listeners = new Set<() => void>();

  function set(next: ProgressPhase, after?: { ms: number; next: ProgressPhase }) {
    if (timer !== null) timers.clearTimeout(timer);
    timer = after ? timers.setTimeout(() => set(after.next), after.ms) : null;
    if (next === phase) return;
    phase = next;
    for (const listener of listeners) listener();
  }

  return {
    /** A navigation or submission began. */
    start() {
      if (phase === 'idle') set('waiting', { ms: PROGRESS_THROTTLE_MS, next: 'running' });
      else if (phase === 'finishing' || phase === 'failed') set('running');
    },
    /** It ended: the new page's data is there. */
    finish() {
      if (phase === 'waiting') set('idle');
      else if (phase === 'running') set('finishing', { ms: PROGRESS_FINISH_MS, next: 'idle' });
    },
    /** It ended on an error page: a bar in sight turns red. */
    fail() {
      if (phase === 'running' || phase === 'finishing') set('failed', { ms: PROGRESS_FAILED_MS, next: 'idle' });
    },
    getPhase: (): ProgressPhase => phase,
    subscribe(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export type Progress = ReturnType<typeof createProgress>;

/** The page's one bar: only the browser drives it, so on the server it stays idle. */
export const navigationProgress = createProgress({
  setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
});

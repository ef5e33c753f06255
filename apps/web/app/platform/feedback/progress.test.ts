import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  createProgress,
  PROGRESS_FAILED_MS,
  PROGRESS_FINISH_MS,
  PROGRESS_THROTTLE_MS,
  type ProgressPhase,
} from './progress.ts';

describe('the navigation progress bar', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const make = () =>
    createProgress({ setTimeout: (fn, ms) => setTimeout(fn, ms), clearTimeout: (h) => clearTimeout(h as never) });

  it('never shows for a navigation quicker than the throttle', () => {
    const progress = make();
    progress.start();
    vi.advanceTimersByTime(PROGRESS_THROTTLE_MS - 1);
    progress.finish();
    vi.advanceTimersByTime(10_000);
    expect(progress.getPhase()).toBe('idle');
  });

  it('shows after the throttle, completes when the data is there, then leaves', () => {
    const progress = make();
    const seen: ProgressPhase[] = [];
    progress.subscribe(() => seen.push(progress.getPhase()));
    progress.start();
    vi.advanceTimersByTime(PROGRESS_THROTTLE_MS);
    expect(progress.getPhase()).toBe('running');
    progress.finish();
    vi.advanceTimersByTime(PROGRESS_FINISH_MS);
    expect(seen).toEqual(['waiting', 'running', 'finishing', 'idle']);
  });

  it('turns red when the navigation fails, whether the end or the failure is heard first', () => {
    for (const order of [
      ['fail', 'finish'],
      ['finish', 'fail'],
    ] as const) {
      const progress = make();
      progress.start();
      vi.advanceTimersByTime(PROGRESS_THROTTLE_MS);
      for (const step of order) progress[step]();
      expect(progress.getPhase(), order.join()).toBe('failed');
      vi.advanceTimersByTime(PROGRESS_FAILED_MS);
      expect(progress.getPhase()).toBe('idle');
    }
  });

  it('does not show a red bar for a failure it never showed progress for (the first page load)', () => {
    const progress = make();
    progress.fail();
    expect(progress.getPhase()).toBe('idle');
    progress.start();
    progress.finish();
    progress.fail();
    expect(progress.getPhase()).toBe('idle');
  });

  it('keeps going when a new navigation starts while the last one is finishing', () => {
    const progress = make();
    progress.start();
    vi.advanceTimersByTime(PROGRESS_THROTTLE_MS);
    progress.finish();
    progress.start();
    vi.advanceTimersByTime(PROGRESS_FINISH_MS * 10);
    expect(progress.getPhase()).toBe('running');
  });
});

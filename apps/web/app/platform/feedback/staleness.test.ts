import { describe, expect, it } from 'vitest';
import { isStale, STALE_AFTER_MS, shouldRefreshOnReturn } from './staleness.ts';

describe('isStale', () => {
  it('is fresh up to 30 000 ms and stale after', () => {
    expect(STALE_AFTER_MS).toBe(30_000);
    expect(isStale(1_000, 1_000)).toBe(false);
    expect(isStale(1_000, 31_000)).toBe(false);
    expect(isStale(1_000, 31_001)).toBe(true);
  });

  it('is stale when the clock went back', () => {
    expect(isStale(50_000, 10_000)).toBe(true);
  });
});

describe('shouldRefreshOnReturn', () => {
  const stale = { visible: true, online: true, busy: false, loadedAt: 0, now: STALE_AFTER_MS + 1 };

  it('refreshes a visible, idle page with stale data', () => {
    expect(shouldRefreshOnReturn(stale)).toBe(true);
  });

  it('leaves fresh data, hidden pages, pages already loading and offline pages alone', () => {
    expect(shouldRefreshOnReturn({ ...stale, online: false })).toBe(false);
    expect(shouldRefreshOnReturn({ ...stale, now: STALE_AFTER_MS })).toBe(false);
    expect(shouldRefreshOnReturn({ ...stale, visible: false })).toBe(false);
    expect(shouldRefreshOnReturn({ ...stale, busy: true })).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { e2eDatabaseName, isStaleE2eDatabase, STALE_AFTER_SECONDS } from './e2e-database.ts';

const now = new Date('2026-11-22T12:00:00Z');
const secondsAgo = (seconds: number) => new Date(now.getTime() - seconds * 1000);

describe('e2e database names', () => {
  it('carry the time they were made and a random part, and are valid PostgreSQL names', () => {
    const name = e2eDatabaseName(now);
    expect(name).toMatch(/^malewa_e2e_1795348800_[0-9a-f]{12}$/);
    expect(name.length).toBeLessThanOrEqual(63);
    expect(e2eDatabaseName(now)).not.toBe(name);
  });

  it('are left alone while a run beside this one may still use them', () => {
    expect(isStaleE2eDatabase(e2eDatabaseName(now), now)).toBe(false);
    expect(isStaleE2eDatabase(e2eDatabaseName(secondsAgo(STALE_AFTER_SECONDS - 60)), now)).toBe(false);
  });

  it('are cleared once older than any run lasts', () => {
    expect(isStaleE2eDatabase(e2eDatabaseName(secondsAgo(STALE_AFTER_SECONDS + 60)), now)).toBe(true);
  });

  it('that cannot be dated (older runs named theirs without a time) are left alone, as are other databases', () => {
    for (const name of [
      'malewa_e2e_0123456789abcdef0123456789abcdef',
      'malewa',
      'malewa_test_0123456789abcdef0123456789abcdef',
      'malewa_e2e_mine',
      'postgres',
    ]) {
      expect(isStaleE2eDatabase(name, now), name).toBe(false);
    }
  });
});

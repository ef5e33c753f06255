import { describe, expect, it } from 'vitest';
import { isStaleAfter } from './signed-in-sync.ts';

describe('a message from another tab', () => {
  it('makes a tab stale when it says the other signed-in state', () => {
    expect(isStaleAfter({ signedIn: true }, false)).toBe(true);
    expect(isStaleAfter({ signedIn: false }, true)).toBe(true);
  });

  it('is ignored when it agrees: the echo of a tab that has just caught up', () => {
    expect(isStaleAfter({ signedIn: true }, true)).toBe(false);
    expect(isStaleAfter({ signedIn: false }, false)).toBe(false);
  });

  it('is ignored when it is not ours (another script on the same origin and channel name)', () => {
    for (const message of [null, undefined, 'signed-in', 1, {}, { signedIn: 'true' }, [true]]) {
      expect(isStaleAfter(message, false), JSON.stringify(message)).toBe(false);
    }
  });
});

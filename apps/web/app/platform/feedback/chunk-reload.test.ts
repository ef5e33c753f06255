import { describe, expect, it } from 'vitest';
import {
  CHUNK_RELOAD_INTERVAL_MS,
  CHUNK_RELOAD_KEY,
  claimChunkReload,
  isChunkLoadError,
  mayReloadForChunk,
} from './chunk-reload.ts';

function memoryStorage(initial: Record<string, string> = {}) {
  const items = new Map(Object.entries(initial));
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    items,
  };
}

describe('the chunk-reload guard', () => {
  it('allows the first reload and records its time', () => {
    const storage = memoryStorage();
    expect(claimChunkReload(storage, 1_000_000)).toBe(true);
    expect(storage.items.get(CHUNK_RELOAD_KEY)).toBe('1000000');
  });

  it('refuses another within 60 000 ms, and allows one after', () => {
    const storage = memoryStorage();
    claimChunkReload(storage, 1_000_000);
    expect(claimChunkReload(storage, 1_000_000 + CHUNK_RELOAD_INTERVAL_MS - 1)).toBe(false);
    expect(mayReloadForChunk(storage, 1_000_000 + CHUNK_RELOAD_INTERVAL_MS)).toBe(true);
    expect(claimChunkReload(storage, 1_000_000 + CHUNK_RELOAD_INTERVAL_MS)).toBe(true);
  });

  it('does not let a refused reload push the next one further away', () => {
    const storage = memoryStorage({ [CHUNK_RELOAD_KEY]: '1000000' });
    claimChunkReload(storage, 1_030_000);
    expect(storage.items.get(CHUNK_RELOAD_KEY)).toBe('1000000');
  });

  it('allows a reload when the recorded time is garbage or in the future (clock set back)', () => {
    expect(claimChunkReload(memoryStorage({ [CHUNK_RELOAD_KEY]: 'soon' }), 5_000)).toBe(true);
    expect(claimChunkReload(memoryStorage({ [CHUNK_RELOAD_KEY]: '9000000' }), 5_000)).toBe(true);
  });

  it('never reloads without storage, which could not stop a loop', () => {
    expect(claimChunkReload(undefined, 5_000)).toBe(false);
    const refusing = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {},
    };
    expect(claimChunkReload(refusing, 5_000)).toBe(false);
  });
});

describe('isChunkLoadError', () => {
  it('knows the browsers’ and Vite’s messages for a failed chunk', () => {
    for (const message of [
      'Failed to fetch dynamically imported module: https://shop.test/assets/contact-page-Dx1.js',
      'error loading dynamically imported module: https://shop.test/assets/a.js',
      'Importing a module script failed.',
      'Unable to preload CSS for /assets/app-1.css',
    ]) {
      expect(isChunkLoadError(new TypeError(message)), message).toBe(true);
    }
  });

  it('is not any other error', () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch'))).toBe(false);
    expect(isChunkLoadError(new Error('Cannot read properties of undefined'))).toBe(false);
    expect(isChunkLoadError('Failed to fetch dynamically imported module')).toBe(false);
  });
});

import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { getMediaFile } from './media-file.ts';
import { localMediaStore } from './media-store.ts';

describe('getMediaFile', () => {
  let folder: string;
  beforeEach(async () => {
    folder = await mkdtemp(join(tmpdir(), 'malewa-media-'));
  });
  afterEach(async () => {
    await rm(folder, { recursive: true, force: true });
  });

  it('draws a picture once, keeps it, and serves the kept bytes after', async () => {
    const store = localMediaStore(folder);
    let draws = 0;
    const schedule = <T>(draw: () => Promise<T>) => {
      draws += 1;
      return draw();
    };
    const first = await getMediaFile(store, 'v1/art/2/mango/160.avif', schedule);
    expect(first?.contentType).toBe('image/avif');
    expect(await store.read('v1/art/2/mango/160.avif')).toEqual(first?.bytes);
    const again = await getMediaFile(store, 'v1/art/2/mango/160.avif', schedule);
    expect(again?.bytes).toEqual(first?.bytes);
    expect(draws).toBe(1);
  });

  it('is null, and keeps nothing, for an address the pages never link or an unknown icon', async () => {
    const store = localMediaStore(folder);
    expect(await getMediaFile(store, 'v1/art/2/mango/100.avif')).toBeNull();
    expect(await getMediaFile(store, 'v1/art/2/not-an-icon-at-all/160.avif')).toBeNull();
    expect(await store.read('v1/art/2/not-an-icon-at-all/160.avif')).toBeNull();
  });
});

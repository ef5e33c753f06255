import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { localMediaStore } from './media-store.ts';

describe('the local media store', () => {
  let folder: string;
  beforeEach(async () => {
    folder = await mkdtemp(join(tmpdir(), 'malewa-media-'));
  });
  afterEach(async () => {
    await rm(folder, { recursive: true, force: true });
  });

  it('keeps bytes under a key, in folders, and has nothing for an unknown key', async () => {
    const store = localMediaStore(folder);
    expect(await store.read('v1/art/3/leafy-green/160.webp')).toBeNull();
    await store.write('v1/art/3/leafy-green/160.webp', new Uint8Array([1, 2, 3]));
    expect(await store.read('v1/art/3/leafy-green/160.webp')).toEqual(new Uint8Array([1, 2, 3]));
    await store.write('v1/art/3/leafy-green/160.webp', new Uint8Array([4]));
    expect(await store.read('v1/art/3/leafy-green/160.webp')).toEqual(new Uint8Array([4]));
    // Nothing half-written is left beside it.
    expect(await readdir(join(folder, 'v1/art/3/leafy-green'))).toEqual(['160.webp']);
  });

  it('lists the keys under a folder and removes one, with the folders it empties', async () => {
    const store = localMediaStore(folder);
    expect(await store.list('v1/photo/')).toEqual([]);
    await store.write('v1/photo/aaaa/160.webp', new Uint8Array([1]));
    await store.write('v1/photo/aaaa/320.avif', new Uint8Array([2]));
    await store.write('v1/photo/bbbb/160.webp', new Uint8Array([3]));
    await store.write('v1/art/3/leafy-green/160.webp', new Uint8Array([4]));
    expect((await store.list('v1/photo/')).sort()).toEqual([
      'v1/photo/aaaa/160.webp',
      'v1/photo/aaaa/320.avif',
      'v1/photo/bbbb/160.webp',
    ]);
    await store.remove('v1/photo/bbbb/160.webp');
    await store.remove('v1/photo/bbbb/160.webp');
    expect(await store.read('v1/photo/bbbb/160.webp')).toBeNull();
    expect((await readdir(join(folder, 'v1/photo'))).sort()).toEqual(['aaaa']);
    await store.remove('v1/photo/aaaa/160.webp');
    await store.remove('v1/photo/aaaa/320.avif');
    // The emptied folders are gone; the store's root and other folders stay.
    expect(await readdir(join(folder, 'v1'))).toEqual(['art']);
    expect(await store.read('v1/art/3/leafy-green/160.webp')).toEqual(new Uint8Array([4]));
    await expect(store.list('v1/photo')).rejects.toThrow(/Not a media folder/);
  });

  it.each(['../outside', 'v1/../../outside', '/etc/passwd', 'v1//x', 'V1/x', '', 'v1/x/'])(
    'refuses the key %j',
    async (key) => {
      const store = localMediaStore(folder);
      await expect(store.read(key)).rejects.toThrow(/Not a media key/);
      await expect(store.write(key, new Uint8Array([1]))).rejects.toThrow(/Not a media key/);
      await expect(store.remove(key)).rejects.toThrow(/Not a media key/);
    },
  );
});

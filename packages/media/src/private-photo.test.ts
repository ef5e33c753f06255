import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { getMediaFile } from './media-file.ts';
import { localMediaStore } from './media-store.ts';
import { privatePhotoKey, storePrivatePhoto } from './private-photo.ts';
import { NotAPhotoError } from './render-photo.ts';

describe('storePrivatePhoto', () => {
  let folder: string;
  beforeEach(async () => {
    folder = await mkdtemp(join(tmpdir(), 'malewa-private-photo-'));
  });
  afterEach(async () => {
    await rm(folder, { recursive: true, force: true });
  });

  it('keeps one upright WebP without the phone’s metadata, which the media server never serves', async () => {
    const original = await sharp({ create: { width: 3000, height: 1000, channels: 3, background: '#884422' } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .withExif({ IFD0: { Make: 'PhoneCo' } })
      .toBuffer();
    const store = localMediaStore(folder);
    const id = await storePrivatePhoto(store, new Uint8Array(original));
    const bytes = await store.read(privatePhotoKey(id));
    if (!bytes) throw new Error('not stored');
    const meta = await sharp(bytes).metadata();
    expect(meta.format).toBe('webp');
    expect(meta.exif).toBeUndefined();
    // Turned upright (the EXIF said 90°), whole, within 1280 px.
    expect(meta.height).toBe(1280);
    expect(Math.abs((meta.width ?? 0) - 427)).toBeLessThanOrEqual(1);
    expect(await store.list('v1/')).toEqual([]);
    expect(await getMediaFile(store, privatePhotoKey(id))).toBeNull();
  });

  it('refuses what is not a JPEG, PNG or WebP photo', async () => {
    const store = localMediaStore(folder);
    await expect(storePrivatePhoto(store, new TextEncoder().encode('<svg/>'))).rejects.toBeInstanceOf(NotAPhotoError);
    expect(await store.list('private/')).toEqual([]);
  });
});

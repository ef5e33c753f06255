import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { getMediaFile } from './media-file.ts';
import { localMediaStore } from './media-store.ts';
import { isPhotoKey, parsePhotoPath, photoStorageKey } from './photo-path.ts';
import { NotAPhotoError, storePhoto } from './render-photo.ts';

describe('storePhoto', () => {
  let folder: string;
  beforeEach(async () => {
    folder = await mkdtemp(join(tmpdir(), 'malewa-photo-'));
  });
  afterEach(async () => {
    await rm(folder, { recursive: true, force: true });
  });

  /** A phone's photo: landscape pixels, "turn me upright" and where it was taken in its EXIF. */
  const phonePhoto = () =>
    sharp({ create: { width: 600, height: 300, channels: 3, background: '#3a7d2c' } })
      .jpeg()
      .withExif({
        IFD0: { Make: 'PhoneCo', Model: 'Budget 5', Orientation: '6' },
        IFD3: { GPSLatitudeRef: 'S', GPSLatitude: '1/1 17/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '36/1 49/1 0/1' },
      })
      .toBuffer();

  it('makes every width as AVIF and WebP, square, with none of the phone’s metadata', async () => {
    const original = await phonePhoto();
    expect((await sharp(original).metadata()).exif).toBeDefined();
    const store = localMediaStore(folder);
    const id = await storePhoto(store, new Uint8Array(original));
    expect(isPhotoKey(`photo:${id}`)).toBe(true);
    for (const [width, format] of [
      [160, 'webp'],
      [320, 'avif'],
      [640, 'webp'],
    ] as const) {
      const bytes = await store.read(photoStorageKey(id, width, format));
      expect(bytes, `${width}.${format}`).not.toBeNull();
      const meta = await sharp(bytes as Uint8Array).metadata();
      expect(meta.format === 'heif' ? 'avif' : meta.format).toBe(format);
      expect([meta.width, meta.height]).toEqual([width, width]);
      expect(meta.exif).toBeUndefined();
      expect(meta.orientation).toBeUndefined();
    }
    // Served as the catalog's drawings are: by its address, from the store.
    const served = await getMediaFile(store, `v1/photo/${id}/320.webp`);
    expect(served?.contentType).toBe('image/webp');
    expect(await getMediaFile(store, 'v1/photo/0123456789abcdef0123456789abcdef/320.webp')).toBeNull();
  });

  it('refuses what is not a JPEG, PNG or WebP photo, whatever its name says', async () => {
    const store = localMediaStore(folder);
    await expect(storePhoto(store, new TextEncoder().encode('%PDF-1.4 not a photo'))).rejects.toBeInstanceOf(
      NotAPhotoError,
    );
    const gif = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#fff' } })
      .gif()
      .toBuffer();
    await expect(storePhoto(store, new Uint8Array(gif))).rejects.toBeInstanceOf(NotAPhotoError);
  });

  it('reads back only addresses it makes', () => {
    expect(parsePhotoPath('v1/photo/0123456789abcdef0123456789abcdef/640.avif')).toEqual({
      id: '0123456789abcdef0123456789abcdef',
      width: 640,
      format: 'avif',
    });
    for (const path of [
      'v1/photo/../x/640.avif',
      'v1/photo/ABC/640.avif',
      'v1/photo/0123456789abcdef0123456789abcdef/641.avif',
    ]) {
      expect(parsePhotoPath(path), path).toBeNull();
    }
  });
});

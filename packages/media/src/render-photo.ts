import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { MEDIA_FORMATS, MEDIA_WIDTHS } from './media-path.ts';
import type { MediaStore } from './media-store.ts';
import { photoStorageKey } from './photo-path.ts';

/** The largest photo read: a phone's camera is some 12 to 50 megapixels. */
export const MAX_INPUT_PIXELS = 60_000_000;

export class NotAPhotoError extends Error {
  constructor() {
    super('This file is not a JPEG, PNG or WebP photo');
    this.name = 'NotAPhotoError';
  }
}

/** Throws NotAPhotoError unless sharp reads `bytes` as a JPEG, PNG or WebP image of a sane size. */
export async function checkPhoto(bytes: Uint8Array): Promise<void> {
  let format: string | undefined;
  try {
    ({ format } = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS }).metadata());
  } catch {
    throw new NotAPhotoError();
  }
  if (format !== 'jpeg' && format !== 'png' && format !== 'webp') throw new NotAPhotoError();
}

/**
 * Makes a provider's photo into the catalog's pictures: turned upright as the camera said, cut
 * square from its centre, in every width as AVIF and WebP, and stored; returns its id. Nothing
 * of the original is kept: no EXIF (a phone's GPS position, its make), no ICC profile beyond
 * sRGB, no comment. A file that is not a JPEG, PNG or WebP image throws NotAPhotoError.
 */
export async function storePhoto(store: MediaStore, bytes: Uint8Array): Promise<string> {
  await checkPhoto(bytes);
  const id = randomBytes(16).toString('hex');
  for (const width of MEDIA_WIDTHS) {
    // rotate() with no angle applies the EXIF orientation; sharp writes no metadata unless asked.
    const resized = sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS })
      .rotate()
      .resize(width, width, { fit: 'cover', position: 'attention' })
      .toColourspace('srgb');
    for (const out of MEDIA_FORMATS) {
      const encoded =
        out === 'avif'
          ? resized.clone().avif({ quality: 55, effort: 2, chromaSubsampling: '4:2:0' })
          : resized.clone().webp({ quality: 78, effort: 4 });
      await store.write(photoStorageKey(id, width, out), new Uint8Array(await encoded.toBuffer()));
    }
  }
  return id;
}

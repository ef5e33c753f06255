import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import type { MediaStore } from './media-store.ts';
import { checkPhoto, MAX_INPUT_PIXELS } from './render-photo.ts';

/**
 * Photos that only signed-in people with a reason may see (a shopper's photo of a damaged
 * delivery): stored outside `v1/`, so the storefront's media server (media-file.ts reads only
 * `v1/art/…` and `v1/photo/…`) never serves one, and the listing photos' sweep
 * (`v1/photo/`) never deletes one.
 */
export const PRIVATE_PHOTO_PREFIX = 'private/photo/';
const PRIVATE_ID = /^[a-z0-9]{32}$/;

/** The widest side kept: enough to see a broken seal, small enough for 2G. */
const PRIVATE_PHOTO_WIDTH = 1280;

export function privatePhotoKey(id: string): string {
  if (!PRIVATE_ID.test(id)) throw new Error(`Not a private photo id: ${JSON.stringify(id)}`);
  return `${PRIVATE_PHOTO_PREFIX}${id}.webp`;
}

/**
 * Checks a photo as listing photos are checked (render-photo.ts) and stores it re-encoded as
 * one WebP: upright, within 1280 px, whole (evidence is not cropped), with no EXIF (a phone's
 * GPS position), no ICC profile beyond sRGB. Returns its id; NotAPhotoError for anything else.
 */
export async function storePrivatePhoto(store: MediaStore, bytes: Uint8Array): Promise<string> {
  await checkPhoto(bytes);
  const encoded = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS })
    .rotate()
    .resize(PRIVATE_PHOTO_WIDTH, PRIVATE_PHOTO_WIDTH, { fit: 'inside', withoutEnlargement: true })
    .toColourspace('srgb')
    .webp({ quality: 78, effort: 4 })
    .toBuffer();
  const id = randomBytes(16).toString('hex');
  await store.write(privatePhotoKey(id), new Uint8Array(encoded));
  return id;
}

import { MEDIA_FORMATS, MEDIA_VERSION, MEDIA_WIDTHS, type MediaFormat, type MediaWidth } from './media-path.ts';

/**
 * A provider's own photo of an item (docs/product/providers.md, provider console): uploaded
 * once, made then in every width and format the catalog's drawings have, at
 * `/media/v1/photo/<id>/<width>.<format>`. Items name it as `photo:<id>` among their images. A
 * new upload is a new id, so one address is always the same bytes, kept a year like the
 * drawings.
 *
 * This file runs in the browser too: it holds no sharp and no file system.
 */
export const PHOTO_KEY_PREFIX = 'photo:';
const PHOTO_ID = /^[a-z0-9]{20,40}$/;

export function isPhotoKey(key: string): boolean {
  return key.startsWith(PHOTO_KEY_PREFIX) && PHOTO_ID.test(key.slice(PHOTO_KEY_PREFIX.length));
}

export function photoUrl(id: string, width: MediaWidth, format: MediaFormat): string {
  return `/media/${MEDIA_VERSION}/photo/${id}/${width}.${format}`;
}

/** Reads a photo's address back (the part after `/media/`), or null for anything else. */
export function parsePhotoPath(path: string): { id: string; width: MediaWidth; format: MediaFormat } | null {
  const match = /^v1\/photo\/([a-z0-9]{20,40})\/(\d{1,4})\.([a-z]{3,4})$/.exec(path);
  if (!match) return null;
  const [, id, width, format] = match as unknown as [string, string, string, string];
  const w = Number(width);
  if (!(MEDIA_WIDTHS as readonly number[]).includes(w)) return null;
  if (!(MEDIA_FORMATS as readonly string[]).includes(format)) return null;
  return { id, width: w as MediaWidth, format: format as MediaFormat };
}

/** The storage key of one of a photo's variants: its address without the leading `/media/`. */
export function photoStorageKey(id: string, width: MediaWidth, format: MediaFormat): string {
  return photoUrl(id, width, format).slice('/media/'.length);
}

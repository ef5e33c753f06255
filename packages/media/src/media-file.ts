import { MEDIA_TYPES, parseMediaPath, storageKey } from './media-path.ts';
import type { MediaStore } from './media-store.ts';
import { parsePhotoPath, photoStorageKey } from './photo-path.ts';
import { renderArt } from './render-art.ts';

export interface MediaFile {
  bytes: Uint8Array;
  contentType: string;
}

/**
 * The picture at an address (the part after `/media/`): from the store when it was made
 * before, otherwise drawn now and kept, so each picture is drawn once per store whatever the
 * traffic. Null for an address the pages never link or an icon the set does not have.
 */
export async function getMediaFile(
  store: MediaStore,
  path: string,
  /** Runs the drawing (not the read): the server queues it, so that one picture is drawn at a time. */
  schedule: <T>(draw: () => Promise<T>) => Promise<T> = (draw) => draw(),
): Promise<MediaFile | null> {
  const photo = parsePhotoPath(path);
  if (photo) {
    // A provider's photo is made when it is uploaded (render-photo.ts): read, never drawn.
    const bytes = await store.read(photoStorageKey(photo.id, photo.width, photo.format));
    return bytes ? { bytes, contentType: MEDIA_TYPES[photo.format] } : null;
  }
  const request = parseMediaPath(path);
  if (!request) return null;
  const key = storageKey(request);
  const contentType = MEDIA_TYPES[request.format];
  const stored = await store.read(key);
  if (stored) return { bytes: stored, contentType };
  const bytes = await schedule(async () => {
    const drawn = await renderArt(request, request.width, request.format);
    if (drawn) await store.write(key, drawn);
    return drawn;
  });
  if (!bytes) return null;
  return { bytes, contentType };
}

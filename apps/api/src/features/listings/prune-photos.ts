import type { MediaStore } from '@malewa/media/media-store';
import type { ListingRepository } from './listing-repository.ts';

const PHOTOS = 'v1/photo/';
/**
 * How long a photo no listing names any more is kept: pages and answers that still show it
 * (kept by the storefront, shared caches and shoppers' offline copies) load it meanwhile.
 */
export const RETIRED_PHOTO_KEPT_MS = 7 * 24 * 60 * 60_000;

/**
 * Deletes the files of providers' photos that no listing has named for a week: a replaced
 * photo, or an upload its listing never took. Run hourly by server.ts;
 * several processes may sweep at once, harmlessly (a file already gone is no error).
 */
export async function prunePhotos(
  deps: { listings: ListingRepository; media: MediaStore },
  now: Date,
): Promise<{ retired: number; deleted: number; failed: { id: string; error: unknown }[] }> {
  const keysOf = new Map<string, string[]>();
  for (const key of await deps.media.list(PHOTOS)) {
    const id = key.slice(PHOTOS.length).split('/')[0] ?? '';
    const keys = keysOf.get(id);
    if (keys) keys.push(key);
    else keysOf.set(id, [key]);
  }
  const inUse = await deps.listings.photosInUse([...keysOf.keys()]);
  const unused = [...keysOf.keys()].filter((id) => !inUse.has(id));
  const due = await deps.listings.retirePhotos(unused, now, new Date(now.getTime() - RETIRED_PHOTO_KEPT_MS));
  // A photo whose files cannot be removed stays retired and is tried again next sweep; the
  // others go. Were it to stop the sweep, every photo after it would stay for ever.
  const removed: string[] = [];
  const failed: { id: string; error: unknown }[] = [];
  for (const id of due) {
    try {
      for (const key of keysOf.get(id) ?? []) await deps.media.remove(key);
      removed.push(id);
    } catch (error) {
      failed.push({ id, error });
    }
  }
  await deps.listings.forgetPhotos(removed);
  return { retired: unused.length, deleted: removed.length, failed };
}

import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { items } from '@malewa/db/schema/catalog';
import type { TestDatabase } from '@malewa/db/testing/test-database';
import { localMediaStore, type MediaStore } from '@malewa/media/media-store';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSeededDatabase } from '#api/testing/test-app.ts';
import { createListingRepository, type ListingRepository } from './listing-repository.ts';
import { prunePhotos, RETIRED_PHOTO_KEPT_MS } from './prune-photos.ts';

const KEPT = 'a'.repeat(32);
const REPLACED = 'b'.repeat(32);
const HOUR = 60 * 60_000;

let database: TestDatabase;
let folder: string;
let media: MediaStore;
let listings: ListingRepository;

beforeAll(async () => {
  database = await createSeededDatabase();
  folder = await mkdtemp(join(tmpdir(), 'malewa-photos-'));
  media = localMediaStore(folder);
  listings = createListingRepository(database.db);
});

afterAll(async () => {
  await database?.destroy();
  await rm(folder, { recursive: true, force: true });
});

async function storeFakePhoto(id: string) {
  for (const key of [`v1/photo/${id}/160.webp`, `v1/photo/${id}/160.avif`]) {
    await media.write(key, new Uint8Array([1, 2, 3]));
  }
}

describe("providers' photos no listing names", () => {
  it('are deleted a week after a listing let go of them; the photos listings name stay', async () => {
    const [item] = await database.db.select({ id: items.id }).from(items).limit(1);
    if (!item) throw new Error('the seeded catalog has no item');
    await storeFakePhoto(KEPT);
    await storeFakePhoto(REPLACED);
    // The listing shows one photo; its owner has just sent another, which the listing does not
    // name yet when the sweep runs (retired, as any photo no listing names).
    await listings.setImages(item.id, [`photo:${REPLACED}`]);
    const start = new Date();
    expect(await prunePhotos({ listings, media }, start)).toEqual({ retired: 1, deleted: 0, failed: [] });
    await listings.setImages(item.id, [`photo:${KEPT}`]);

    // An hour on: the replaced photo is retired, still served to pages that name it.
    expect(await prunePhotos({ listings, media }, new Date(start.getTime() + HOUR))).toEqual({
      retired: 1,
      deleted: 0,
      failed: [],
    });
    expect(await media.read(`v1/photo/${REPLACED}/160.webp`)).not.toBeNull();

    // A week after it was first seen unnamed, its files go; the named photo stays.
    const weekOn = new Date(start.getTime() + HOUR + RETIRED_PHOTO_KEPT_MS + 1);
    expect(await prunePhotos({ listings, media }, weekOn)).toEqual({ retired: 1, deleted: 1, failed: [] });
    expect(await media.list('v1/photo/')).toEqual(
      expect.arrayContaining([`v1/photo/${KEPT}/160.webp`, `v1/photo/${KEPT}/160.avif`]),
    );
    expect(await media.list('v1/photo/')).toHaveLength(2);
    expect(await prunePhotos({ listings, media }, weekOn)).toEqual({ retired: 0, deleted: 0, failed: [] });
  });

  it('a photo named again before its week is up is kept, and its week starts over if let go again', async () => {
    const [item] = await database.db.select({ id: items.id }).from(items).limit(1);
    if (!item) throw new Error('the seeded catalog has no item');
    const photo = 'c'.repeat(32);
    await storeFakePhoto(photo);
    const start = new Date();
    await prunePhotos({ listings, media }, start);
    await listings.setImages(item.id, [`photo:${photo}`]);
    await prunePhotos({ listings, media }, new Date(start.getTime() + HOUR));
    await listings.setImages(item.id, [`photo:${KEPT}`]);
    // Unnamed again six days after it was first retired: a new week from now.
    const later = new Date(start.getTime() + RETIRED_PHOTO_KEPT_MS - HOUR);
    await prunePhotos({ listings, media }, later);
    expect((await prunePhotos({ listings, media }, new Date(later.getTime() + 2 * HOUR))).deleted).toBe(0);
    expect(await media.read(`v1/photo/${photo}/160.webp`)).not.toBeNull();
    expect(
      (await prunePhotos({ listings, media }, new Date(later.getTime() + RETIRED_PHOTO_KEPT_MS + 1))).deleted,
    ).toBe(1);
    expect(await media.read(`v1/photo/${photo}/160.webp`)).toBeNull();
  });

  it('deletes the other photos when one photo’s files cannot be removed, and that one at the next sweep', async () => {
    const stuck = 'd'.repeat(32);
    const other = 'f'.repeat(32);
    await storeFakePhoto(stuck);
    await storeFakePhoto(other);
    const start = new Date();
    await prunePhotos({ listings, media }, start);
    const weekOn = new Date(start.getTime() + RETIRED_PHOTO_KEPT_MS + 1);
    // The store refuses to remove one photo's files (a file the process may not delete).
    const refusing: MediaStore = {
      ...media,
      remove: async (key) => {
        if (key.includes(stuck)) throw new Error('EPERM: operation not permitted');
        await media.remove(key);
      },
    };
    const swept = await prunePhotos({ listings, media: refusing }, weekOn);
    expect(swept.failed.map((failure) => failure.id)).toEqual([stuck]);
    expect(swept.deleted).toBe(1);
    expect(await media.read(`v1/photo/${other}/160.webp`)).toBeNull();
    expect(await media.read(`v1/photo/${stuck}/160.webp`)).not.toBeNull();
    // Still retired, not forgotten: once the store lets go, the next sweep removes it.
    expect(await prunePhotos({ listings, media }, new Date(weekOn.getTime() + HOUR))).toEqual({
      retired: 1,
      deleted: 1,
      failed: [],
    });
    expect(await media.read(`v1/photo/${stuck}/160.webp`)).toBeNull();
  });

  it('keeps a backlog of any size: more photos than PostgreSQL takes parameters', async () => {
    const backlog = Array.from({ length: 40_000 }, (_, index) => `e${String(index).padStart(31, '0')}`);
    const now = new Date();
    expect(await listings.retirePhotos(backlog, now, new Date(now.getTime() + 1))).toHaveLength(40_000);
    await listings.forgetPhotos(backlog);
    expect(await listings.retirePhotos([], now, new Date(now.getTime() + 1))).toEqual([]);
  });
});

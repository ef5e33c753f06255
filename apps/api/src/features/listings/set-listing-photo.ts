import type { Readable } from 'node:stream';
import type { Listing } from '@malewa/contracts/provider/listings';
import { MAX_PHOTO_BYTES } from '@malewa/contracts/provider/listings';
import type { MediaStore } from '@malewa/media/media-store';
import { NotAPhotoError, storePhoto } from '@malewa/media/render-photo';
import { AppError } from '#api/app-error.ts';
import type { Principal } from '#api/plugins/access-control.ts';
import type { ListingRepository } from './listing-repository.ts';

/**
 * A listing's photo from the provider's phone: read whole (8 MB at most), made into the
 * catalog's sizes and formats with its metadata dropped (packages/media render-photo.ts), and
 * put first among the listing's pictures in place of the drawing.
 */
export async function setListingPhoto(
  deps: { listings: ListingRepository; media: MediaStore },
  principal: Principal,
  id: string,
  photo: Readable,
): Promise<Listing> {
  const current = await deps.listings.runBy(principal.userId, id);
  if (!current) {
    photo.resume();
    throw new AppError('NOT_FOUND', 'No such listing');
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of photo) {
    size += (chunk as Buffer).length;
    if (size > MAX_PHOTO_BYTES) {
      photo.resume();
      throw new AppError('PAYLOAD_TOO_LARGE', 'A photo may be 8 MB at most', {
        fields: { photo: ['This photo is larger than 8 MB'] },
      });
    }
    chunks.push(chunk as Buffer);
  }
  let photoId: string;
  try {
    photoId = await storePhoto(deps.media, new Uint8Array(Buffer.concat(chunks)));
  } catch (error) {
    if (error instanceof NotAPhotoError) {
      throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send a JPEG, PNG or WebP photo', {
        fields: { photo: ['Send a JPEG, PNG or WebP photo'] },
      });
    }
    throw error;
  }
  await deps.listings.setImages(id, [`photo:${photoId}`]);
  const updated = await deps.listings.runBy(principal.userId, id);
  if (!updated) throw new Error('The listing just changed is gone');
  return updated;
}

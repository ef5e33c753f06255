import multipart from '@fastify/multipart';
import { createListingEndpoint } from '@malewa/contracts/provider/create-listing';
import { getListingEndpoint } from '@malewa/contracts/provider/get-listing';
import { listListingsEndpoint } from '@malewa/contracts/provider/list-listings';
import { MAX_PHOTO_BYTES } from '@malewa/contracts/provider/listings';
import { setListingPhotoEndpoint } from '@malewa/contracts/provider/set-listing-photo';
import { setListingVisibilityEndpoint } from '@malewa/contracts/provider/set-listing-visibility';
import { updateListingEndpoint } from '@malewa/contracts/provider/update-listing';
import type { MediaStore } from '@malewa/media/media-store';
import type { FastifyPluginAsync } from 'fastify';
import { AppError } from '#api/app-error.ts';
import { principalOf } from '#api/plugins/access-control.ts';
import { registerEndpoint } from '#api/plugins/endpoint-route.ts';
import { listListings } from './list-listings.ts';
import type { ListingRepository } from './listing-repository.ts';
import { createListing, updateListing } from './save-listing.ts';
import { setListingPhoto } from './set-listing-photo.ts';
import { setListingVisibility } from './set-listing-visibility.ts';

/**
 * The provider console's listings (docs/product/providers.md, provider console): a shop's items,
 * made and changed by the people who run it.
 */
export const listingRoutes: FastifyPluginAsync<{ listings: ListingRepository; media: MediaStore }> = async (
  app,
  deps,
) => {
  await app.register(multipart, { limits: { fileSize: MAX_PHOTO_BYTES + 1, files: 1 } });

  registerEndpoint(app, listListingsEndpoint, {
    handler: async (request) => ({ data: await listListings(deps, principalOf(request), request.params.shopId) }),
  });
  registerEndpoint(app, createListingEndpoint, {
    handler: async (request) => ({
      data: await createListing(deps, principalOf(request), request.params.shopId, request.body),
    }),
  });
  registerEndpoint(app, getListingEndpoint, {
    handler: async (request) => {
      const listing = await deps.listings.runBy(principalOf(request).userId, request.params.id);
      if (!listing) throw new AppError('NOT_FOUND', 'No such listing');
      return { data: listing };
    },
  });
  registerEndpoint(app, updateListingEndpoint, {
    handler: async (request) => ({
      data: await updateListing(deps, principalOf(request), request.params.id, request.body),
    }),
  });
  registerEndpoint(app, setListingVisibilityEndpoint, {
    handler: async (request) => ({
      data: await setListingVisibility(deps, principalOf(request), request.params.id, request.body),
    }),
  });
  registerEndpoint(app, setListingPhotoEndpoint, {
    handler: async (request) => {
      let file: Awaited<ReturnType<typeof request.file>>;
      try {
        file = await request.file();
      } catch (error) {
        if ((error as { code?: string }).code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') {
          throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send the photo as multipart/form-data');
        }
        throw error;
      }
      if (file?.fieldname !== 'photo') {
        file?.file.resume();
        throw new AppError('VALIDATION_FAILED', 'The photo is missing', { fields: { photo: ['Choose a photo'] } });
      }
      return { data: await setListingPhoto(deps, principalOf(request), request.params.id, file.file) };
    },
  });
};

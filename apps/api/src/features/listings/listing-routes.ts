import multipart from '@fastify/multipart';
import { ZErrorResponseSchema } from '@malewa/contracts/errors';
import {
  MAX_PHOTO_BYTES,
  ZListingInputSchema,
  ZListingParamsSchema,
  ZListingPhotoFormSchema,
  ZListingResponseSchema,
  ZListingVisibilityInputSchema,
  ZListListingsResponseSchema,
  ZShopParamsSchema,
} from '@malewa/contracts/provider/listings';
import type { MediaStore } from '@malewa/media/media-store';
import { type FastifyPluginAsyncZod, validatorCompiler } from 'fastify-type-provider-zod';
import { AppError } from '../../app-error.ts';
import { principalOf, requireRole } from '../../plugins/access-control.ts';
import { listListings } from './list-listings.ts';
import type { ListingRepository } from './listing-repository.ts';
import { createListing, updateListing } from './save-listing.ts';
import { setListingPhoto } from './set-listing-photo.ts';
import { setListingVisibility } from './set-listing-visibility.ts';

const providerOnly = requireRole('provider');
const errors = {
  400: ZErrorResponseSchema,
  401: ZErrorResponseSchema,
  403: ZErrorResponseSchema,
  404: ZErrorResponseSchema,
};

/** The provider console's listings (issue 13 §3): a shop's items, made and changed by the people who run it. */
export const listingRoutes: FastifyPluginAsyncZod<{ listings: ListingRepository; media: MediaStore }> = async (
  app,
  deps,
) => {
  await app.register(multipart, { limits: { fileSize: MAX_PHOTO_BYTES + 1, files: 1 } });

  app.get(
    '/provider/shops/:shopId/listings',
    {
      onRequest: providerOnly,
      schema: {
        security: [{ bearer: [] }],
        tags: ['provider'],
        summary: 'A shop’s listings, newest change first (its people only)',
        params: ZShopParamsSchema,
        response: { 200: ZListListingsResponseSchema, ...errors },
      },
    },
    async (request) => ({ data: await listListings(deps, principalOf(request), request.params.shopId) }),
  );

  app.post(
    '/provider/shops/:shopId/listings',
    {
      onRequest: providerOnly,
      schema: {
        security: [{ bearer: [] }],
        tags: ['provider'],
        summary: 'List a new item in a shop (its people only)',
        params: ZShopParamsSchema,
        body: ZListingInputSchema,
        response: { 201: ZListingResponseSchema, ...errors, 409: ZErrorResponseSchema },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send({ data: await createListing(deps, principalOf(request), request.params.shopId, request.body) }),
  );

  app.get(
    '/provider/listings/:id',
    {
      onRequest: providerOnly,
      schema: {
        security: [{ bearer: [] }],
        tags: ['provider'],
        summary: 'One listing of a shop one runs',
        params: ZListingParamsSchema,
        response: { 200: ZListingResponseSchema, ...errors },
      },
    },
    async (request) => {
      const listing = await deps.listings.runBy(principalOf(request).userId, request.params.id);
      if (!listing) throw new AppError('NOT_FOUND', 'No such listing');
      return { data: listing };
    },
  );

  app.put(
    '/provider/listings/:id',
    {
      onRequest: providerOnly,
      schema: {
        security: [{ bearer: [] }],
        tags: ['provider'],
        summary: 'Change a listing: texts, category, unit, price, stock, available today',
        params: ZListingParamsSchema,
        body: ZListingInputSchema,
        response: { 200: ZListingResponseSchema, ...errors, 409: ZErrorResponseSchema },
      },
    },
    async (request) => ({
      data: await updateListing(deps, principalOf(request), request.params.id, request.body),
    }),
  );

  app.put(
    '/provider/listings/:id/visibility',
    {
      onRequest: providerOnly,
      schema: {
        security: [{ bearer: [] }],
        tags: ['provider'],
        summary: 'Hide a listing from the storefront, or show it again (kept for the orders that hold it)',
        params: ZListingParamsSchema,
        body: ZListingVisibilityInputSchema,
        response: { 200: ZListingResponseSchema, ...errors },
      },
    },
    async (request) => ({
      data: await setListingVisibility(deps, principalOf(request), request.params.id, request.body),
    }),
  );

  app.post(
    '/provider/listings/:id/photo',
    {
      onRequest: providerOnly,
      // The form is read as it streams; the schema below documents it, it is not the validator.
      validatorCompiler: (route) =>
        route.httpPart === 'body' ? () => ({ value: undefined }) : validatorCompiler(route as never),
      schema: {
        security: [{ bearer: [] }],
        tags: ['provider'],
        summary: 'A listing’s photo: made into the catalog’s sizes, its metadata (EXIF) dropped',
        consumes: ['multipart/form-data'],
        params: ZListingParamsSchema,
        body: ZListingPhotoFormSchema,
        response: {
          200: ZListingResponseSchema,
          ...errors,
          413: ZErrorResponseSchema,
          415: ZErrorResponseSchema,
        },
      },
    },
    async (request) => {
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
  );
};

import { defineEndpoint } from '../endpoint.ts';
import { ZListingParamsSchema, ZListingPhotoFormSchema, ZListingResponseSchema } from './listings.ts';

/** The photo goes as a multipart form, one part `photo` (ZListingPhotoFormSchema documents it). */
export const setListingPhotoEndpoint = defineEndpoint({
  api: 'base',
  method: 'POST',
  path: '/provider/listings/:id/photo',
  tags: ['provider'],
  summary: 'A listing’s photo: made into the catalog’s sizes, its metadata (EXIF) dropped',
  access: ['provider'],
  params: ZListingParamsSchema,
  bodyType: 'multipart/form-data',
  body: ZListingPhotoFormSchema,
  success: { 200: ZListingResponseSchema },
  refusals: [400, 401, 403, 404, 413, 415],
});

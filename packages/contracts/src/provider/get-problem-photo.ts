import { defineEndpoint } from '../endpoint.ts';
import { ZProblemParamsSchema, ZProblemPhotoFileSchema } from '../orders/problem.ts';

/** `GET /api/provider/problems/{id}/photo`: a report's photo (WebP), for its shop's people only. */
export const getShopProblemPhotoEndpoint = defineEndpoint({
  api: 'base',
  method: 'GET',
  path: '/provider/problems/:id/photo',
  tags: ['provider'],
  summary: 'The photo of a problem reported on my shop’s order',
  access: ['provider'],
  params: ZProblemParamsSchema,
  success: { 200: ZProblemPhotoFileSchema },
  refusals: [400, 401, 403, 404],
});

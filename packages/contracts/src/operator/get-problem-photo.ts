import { defineEndpoint } from '../endpoint.ts';
import { ZProblemParamsSchema, ZProblemPhotoFileSchema } from '../orders/problem.ts';

/** `GET /api/operator/problems/{id}/photo`: any report's photo (WebP), for operators. */
export const getProblemPhotoEndpoint = defineEndpoint({
  api: 'base',
  method: 'GET',
  path: '/operator/problems/:id/photo',
  tags: ['operator'],
  summary: 'The photo of a problem report (operators)',
  access: ['operator'],
  params: ZProblemParamsSchema,
  success: { 200: ZProblemPhotoFileSchema },
  refusals: [400, 401, 403, 404],
});

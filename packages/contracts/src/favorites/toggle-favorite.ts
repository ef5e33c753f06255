import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { dataEnvelope } from '../envelope.ts';
import { FAVORITE_KINDS, ZFavoriteParamsSchema } from './favorite.ts';

/**
 * `PUT /api/favorites/{kind}/{id}` keeps it (again is harmless; an unknown one is a 404);
 * `DELETE` forgets it (forgetting what was not kept is harmless too).
 */
export const ZToggleFavoriteResponseSchema = dataEnvelope(
  z.object({ kind: z.enum(FAVORITE_KINDS), id: z.uuid(), kept: z.boolean() }),
);

export const keepFavoriteEndpoint = defineEndpoint({
  api: 'base',
  method: 'PUT',
  path: '/favorites/:kind/:id',
  tags: ['favorites'],
  summary: 'Keep a provider or an item',
  access: 'signed-in',
  params: ZFavoriteParamsSchema,
  success: { 200: ZToggleFavoriteResponseSchema },
  refusals: [400, 401, 404],
});

export const forgetFavoriteEndpoint = defineEndpoint({
  api: 'base',
  method: 'DELETE',
  path: '/favorites/:kind/:id',
  tags: ['favorites'],
  summary: 'Forget a kept provider or item',
  access: 'signed-in',
  params: ZFavoriteParamsSchema,
  success: { 200: ZToggleFavoriteResponseSchema },
  refusals: [400, 401],
});

import { z } from 'zod';
import { dataEnvelope } from '../envelope.ts';
import { FAVORITE_KINDS } from './favorite.ts';

/**
 * `PUT /api/favorites/{kind}/{id}` keeps it (again is harmless; an unknown one is a 404);
 * `DELETE` forgets it (forgetting what was not kept is harmless too).
 */
export const ZToggleFavoriteResponseSchema = dataEnvelope(
  z.object({ kind: z.enum(FAVORITE_KINDS), id: z.uuid(), kept: z.boolean() }),
);

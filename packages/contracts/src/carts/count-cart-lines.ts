import { z } from 'zod';
import { SERVICE_IDS } from '../catalog/vocabulary.ts';
import { dataEnvelope } from '../envelope.ts';

/**
 * `GET /api/carts`: how many lines each of the shopper's carts holds in their market, for the
 * header's Cart button. Services without a line are left out.
 */
export const ZCountCartLinesResponseSchema = dataEnvelope(
  z.object({
    lineCount: z.number().int().min(0),
    services: z.array(z.object({ service: z.enum(SERVICE_IDS), lineCount: z.number().int().min(1) })),
  }),
);
export type CartLineCounts = z.infer<typeof ZCountCartLinesResponseSchema>['data'];

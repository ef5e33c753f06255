import { z } from 'zod';
import { SERVICE_IDS } from '../catalog/vocabulary.ts';
import { defineEndpoint } from '../endpoint.ts';
import { dataEnvelope } from '../envelope.ts';
import { ZCartHeadersSchema } from '../request-headers.ts';

/**
 * `GET /api/carts`: how many lines each of the shopper's carts holds in their market, for the
 * header's Cart button. Services without a line are left out.
 */
export const ZCartLineCountsSchema = z.object({
  lineCount: z.number().int().min(0),
  services: z.array(z.object({ service: z.enum(SERVICE_IDS), lineCount: z.number().int().min(1) })),
});
export type CartLineCounts = z.infer<typeof ZCartLineCountsSchema>;

export const ZCountCartLinesResponseSchema = dataEnvelope(ZCartLineCountsSchema);

export const countCartLinesEndpoint = defineEndpoint({
  api: 'base',
  method: 'GET',
  path: '/carts',
  tags: ['carts'],
  summary: 'How many lines each of my carts holds in my market (the header’s Cart button)',
  access: 'anyone-or-signed-in',
  headers: ZCartHeadersSchema,
  success: { 200: ZCountCartLinesResponseSchema },
  refusals: [400],
});

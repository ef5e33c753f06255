import type { z } from 'zod';
import { dataEnvelope } from '../envelope.ts';
import { ZLocationInputSchema, ZLocationSchema } from './location.ts';

/** PUT replaces the location: the body is a whole location, as for create. */
export const ZUpdateLocationRequestSchema = ZLocationInputSchema;
export type UpdateLocationRequest = z.infer<typeof ZUpdateLocationRequestSchema>;
export const ZUpdateLocationResponseSchema = dataEnvelope(ZLocationSchema);

import type { z } from 'zod';
import { dataEnvelope } from '../envelope.ts';
import { ZLocationInputSchema, ZLocationSchema } from './location.ts';

export const ZCreateLocationRequestSchema = ZLocationInputSchema;
export type CreateLocationRequest = z.infer<typeof ZCreateLocationRequestSchema>;
export const ZCreateLocationResponseSchema = dataEnvelope(ZLocationSchema);

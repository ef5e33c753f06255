import type { z } from 'zod';
import { dataEnvelope } from '../envelope.ts';
import { ZLocationIdParamsSchema, ZLocationSchema } from './location.ts';

export const ZGetLocationRequestSchema = ZLocationIdParamsSchema;
export const ZGetLocationResponseSchema = dataEnvelope(ZLocationSchema);
export type GetLocationResponse = z.infer<typeof ZGetLocationResponseSchema>;

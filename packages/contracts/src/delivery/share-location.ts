import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { dataEnvelope } from '../envelope.ts';

/** A position from the rider's phone, with the phone's time (queued ones arrive late). */
export const ZShareLocationRequestSchema = z.object({
  latitude: z.number().min(-90).max(90),
  longitude: z.number().min(-180).max(180),
  /** Metres. */
  accuracy: z.number().min(0).max(100_000),
  at: z.iso.datetime({ offset: true }),
});
export type ShareLocationRequest = z.infer<typeof ZShareLocationRequestSchema>;
/** `tracked`: it joined a job's track (false: kept only as where the rider is, or too old). */
export const ZShareLocationResponseSchema = dataEnvelope(z.object({ tracked: z.boolean() }));

export const shareLocationEndpoint = defineEndpoint({
  api: 'base',
  method: 'POST',
  path: '/rider/location',
  tags: ['rider'],
  summary: 'Where I am (riders on shift): nearest-first offers, and my job’s shopper’s map',
  access: ['rider'],
  body: ZShareLocationRequestSchema,
  success: { 202: ZShareLocationResponseSchema },
  refusals: [400, 401, 403, 409, 422, 429],
});

import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { dataEnvelope } from '../envelope.ts';

export const ZPingResponseSchema = dataEnvelope(z.object({ pong: z.literal(true), time: z.iso.datetime() }));
export type PingResponse = z.infer<typeof ZPingResponseSchema>;

/** The specification's auth API heartbeat. */
export const pingEndpoint = defineEndpoint({
  api: 'auth',
  method: 'GET',
  path: '/ping',
  tags: ['auth'],
  summary: 'Auth API heartbeat',
  access: 'anyone',
  success: { 200: ZPingResponseSchema },
  refusals: [],
});

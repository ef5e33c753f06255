import { z } from 'zod';
import { dataEnvelope } from '../envelope.ts';

export const ZPingResponseSchema = dataEnvelope(z.object({ pong: z.literal(true), time: z.iso.datetime() }));
export type PingResponse = z.infer<typeof ZPingResponseSchema>;

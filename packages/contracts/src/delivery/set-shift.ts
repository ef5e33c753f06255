import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { dataEnvelope } from '../envelope.ts';

export const ZSetShiftRequestSchema = z.object({ onShift: z.boolean() });
export type SetShiftRequest = z.infer<typeof ZSetShiftRequestSchema>;
export const ZSetShiftResponseSchema = dataEnvelope(z.object({ onShift: z.boolean() }));

export const setShiftEndpoint = defineEndpoint({
  api: 'base',
  method: 'PUT',
  path: '/rider/shift',
  tags: ['rider'],
  summary: 'Go on or off shift: only riders on shift are offered jobs (not off while on a job)',
  access: ['rider'],
  body: ZSetShiftRequestSchema,
  success: { 200: ZSetShiftResponseSchema },
  refusals: [400, 401, 403, 409],
});

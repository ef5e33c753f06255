import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { dataEnvelope } from '../envelope.ts';
import { ZJobParamsSchema, ZRiderJobSchema } from './rider-job.ts';

/** The shopper's code; cash orders add what was taken and the change given, in minor units. */
export const ZDeliverJobRequestSchema = z.object({
  code: z
    .string()
    .trim()
    .regex(/^\d{4}$/, 'The code is 4 digits'),
  cash: z
    .object({
      taken: z.number().int().min(0),
      change: z.number().int().min(0),
    })
    .optional(),
});
export type DeliverJobRequest = z.infer<typeof ZDeliverJobRequestSchema>;
export const ZDeliverJobResponseSchema = dataEnvelope(ZRiderJobSchema);

/** A wrong code: how many tries are left before the shop or an operator must complete it. */
export const ZDeliverJobProblemSchema = z.discriminatedUnion('code', [
  z.object({ code: z.literal('wrong_code'), triesLeft: z.number().int().min(0) }),
  z.object({ code: z.literal('code_locked') }),
  z.object({ code: z.literal('cash_mismatch'), due: z.number().int() }),
]);

export const deliverJobEndpoint = defineEndpoint({
  api: 'base',
  method: 'POST',
  path: '/rider/jobs/:id/delivered',
  tags: ['rider'],
  summary: 'Hand the order over with the shopper’s 4-digit code (5 wrong codes lock the job)',
  access: ['rider'],
  params: ZJobParamsSchema,
  body: ZDeliverJobRequestSchema,
  success: { 200: ZDeliverJobResponseSchema },
  refusals: [400, 401, 403, 404, 409, 422],
  problems: ZDeliverJobProblemSchema,
});

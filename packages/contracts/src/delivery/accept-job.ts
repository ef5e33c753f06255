import { defineEndpoint } from '../endpoint.ts';
import { dataEnvelope } from '../envelope.ts';
import { ZJobParamsSchema, ZRiderJobSchema } from './rider-job.ts';

export const ZAcceptJobResponseSchema = dataEnvelope(ZRiderJobSchema.nullable());

export const acceptJobEndpoint = defineEndpoint({
  api: 'base',
  method: 'POST',
  path: '/rider/jobs/:id/accept',
  tags: ['rider'],
  summary: 'Take a job offered to me: of riders taking it at once, one gets it (409: gone)',
  access: ['rider'],
  params: ZJobParamsSchema,
  success: { 200: ZAcceptJobResponseSchema },
  refusals: [400, 401, 403, 404, 409],
  // A rider who has the job already (their own tap sent again) is answered with it as it is.
  repeatable: true,
});

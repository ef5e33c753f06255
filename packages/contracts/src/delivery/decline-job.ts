import { defineEndpoint } from '../endpoint.ts';
import { dataEnvelope } from '../envelope.ts';
import { ZJobParamsSchema, ZRiderJobSchema } from './rider-job.ts';

export const ZDeclineJobResponseSchema = dataEnvelope(ZRiderJobSchema.nullable());

export const declineJobEndpoint = defineEndpoint({
  api: 'base',
  method: 'POST',
  path: '/rider/jobs/:id/decline',
  tags: ['rider'],
  summary: 'Say no to a job offered to me: it goes to the next rider',
  access: ['rider'],
  params: ZJobParamsSchema,
  success: { 200: ZDeclineJobResponseSchema },
  refusals: [400, 401, 403, 404, 409],
});

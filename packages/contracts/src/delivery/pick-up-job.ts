import { defineEndpoint } from '../endpoint.ts';
import { dataEnvelope } from '../envelope.ts';
import { ZJobParamsSchema, ZRiderJobSchema } from './rider-job.ts';

export const ZPickUpJobResponseSchema = dataEnvelope(ZRiderJobSchema.nullable());

export const pickUpJobEndpoint = defineEndpoint({
  api: 'base',
  method: 'POST',
  path: '/rider/jobs/:id/picked-up',
  tags: ['rider'],
  summary: 'I have the order from the shop (once it is ready): it is on its way',
  access: ['rider'],
  params: ZJobParamsSchema,
  success: { 200: ZPickUpJobResponseSchema },
  refusals: [400, 401, 403, 404, 409],
  // A rider who has the job already (their own tap sent again) is answered with it as it is.
  repeatable: true,
});

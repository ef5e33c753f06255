import { defineEndpoint } from '../endpoint.ts';
import { dataEnvelope } from '../envelope.ts';
import { ZPaymentParamsSchema, ZPaymentSchema } from './payment.ts';

/** `GET /api/payments/{id}`: one of my payments, as it stands (the waiting page polls it). */
export const ZGetPaymentResponseSchema = dataEnvelope(ZPaymentSchema);

export const getPaymentEndpoint = defineEndpoint({
  api: 'base',
  method: 'GET',
  path: '/payments/:id',
  tags: ['payments'],
  summary: 'One of my payments, as it stands (pending while the prompt waits on my phone)',
  access: 'signed-in',
  params: ZPaymentParamsSchema,
  success: { 200: ZGetPaymentResponseSchema },
  refusals: [401, 404],
});

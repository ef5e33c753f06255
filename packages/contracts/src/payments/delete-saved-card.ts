import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { dataEnvelope } from '../envelope.ts';
import { ZPaymentParamsSchema } from './payment.ts';

/** `DELETE /api/payments/cards/{id}`: one of my saved cards forgotten; another's is a 404. */
export const ZDeleteSavedCardResponseSchema = dataEnvelope(z.object({ id: z.uuid() }));

export const deleteSavedCardEndpoint = defineEndpoint({
  api: 'base',
  method: 'DELETE',
  path: '/payments/cards/:id',
  tags: ['payments'],
  summary: 'Forget one of my saved cards',
  access: 'signed-in',
  params: ZPaymentParamsSchema,
  success: { 200: ZDeleteSavedCardResponseSchema },
  refusals: [401, 404],
});

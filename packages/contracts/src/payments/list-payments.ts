import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { dataEnvelope } from '../envelope.ts';
import { ZPaymentSchema, ZSavedCardSchema } from './payment.ts';

/** `GET /api/payments`: my payments ahead (mobile money, card), newest first (at most 50), with when each was made. */
export const ZListPaymentsResponseSchema = dataEnvelope(
  z.array(ZPaymentSchema.extend({ createdAt: z.iso.datetime() })),
);
export type PaymentHistory = z.infer<typeof ZListPaymentsResponseSchema>['data'];

/** `GET /api/payments/cards`: the cards I saved, newest first. `DELETE …/cards/{id}` forgets one. */
export const ZListSavedCardsResponseSchema = dataEnvelope(z.array(ZSavedCardSchema));

export const listPaymentsEndpoint = defineEndpoint({
  api: 'base',
  method: 'GET',
  path: '/payments',
  tags: ['payments'],
  summary: 'My payment history: my mobile-money payments, newest first',
  access: 'signed-in',
  success: { 200: ZListPaymentsResponseSchema },
  refusals: [401],
});

export const listSavedCardsEndpoint = defineEndpoint({
  api: 'base',
  method: 'GET',
  path: '/payments/cards',
  tags: ['payments'],
  summary: 'The cards I saved (brand, last digits and expiry; never a number), newest first',
  access: 'signed-in',
  success: { 200: ZListSavedCardsResponseSchema },
  refusals: [401],
});

import { z } from 'zod';
import { dataEnvelope } from '../envelope.ts';
import { ZPaymentSchema, ZSavedCardSchema } from './payment.ts';

/** `GET /api/payments`: my payments ahead (mobile money, card), newest first (at most 50), with when each was made. */
export const ZListPaymentsResponseSchema = dataEnvelope(
  z.array(ZPaymentSchema.extend({ createdAt: z.iso.datetime() })),
);
export type PaymentHistory = z.infer<typeof ZListPaymentsResponseSchema>['data'];

/** `GET /api/payments/cards`: the cards I saved, newest first. `DELETE …/cards/{id}` forgets one. */
export const ZListSavedCardsResponseSchema = dataEnvelope(z.array(ZSavedCardSchema));

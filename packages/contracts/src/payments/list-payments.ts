import { z } from 'zod';
import { dataEnvelope } from '../envelope.ts';
import { ZPaymentSchema } from './payment.ts';

/** `GET /api/payments`: my mobile-money payments, newest first (at most 50), with when each was made. */
export const ZListPaymentsResponseSchema = dataEnvelope(
  z.array(ZPaymentSchema.extend({ createdAt: z.iso.datetime() })),
);
export type PaymentHistory = z.infer<typeof ZListPaymentsResponseSchema>['data'];

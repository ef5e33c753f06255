import { dataEnvelope } from '../envelope.ts';
import { ZPaymentSchema } from './payment.ts';

/** `GET /api/payments/{id}`: one of my payments, as it stands (the waiting page polls it). */
export const ZGetPaymentResponseSchema = dataEnvelope(ZPaymentSchema);

import { z } from 'zod';
import { dataEnvelope } from '../envelope.ts';
import { ZPaymentSchema } from './payment.ts';

/**
 * `POST /api/payments/{id}/sandbox`: the sandbox provider's stand-in for the shopper's phone.
 * It approves or declines the prompt of one of my pending sandbox payments, and the sandbox
 * then notifies us through the same signed webhook a real gateway uses.
 */
export const ZDecideSandboxPaymentRequestSchema = z.strictObject({ decision: z.enum(['approve', 'decline']) });
export const ZDecideSandboxPaymentResponseSchema = dataEnvelope(ZPaymentSchema);

import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { dataEnvelope } from '../envelope.ts';
import { ZPaymentParamsSchema, ZPaymentSchema } from './payment.ts';

/**
 * `POST /api/payments/{id}/sandbox`: the sandbox provider's stand-in for the shopper's phone.
 * It approves or declines the prompt of one of my pending sandbox payments, and the sandbox
 * then notifies us through the same signed webhook a real gateway uses.
 */
export const ZDecideSandboxPaymentRequestSchema = z.strictObject({ decision: z.enum(['approve', 'decline']) });
export const ZDecideSandboxPaymentResponseSchema = dataEnvelope(ZPaymentSchema);

export const decideSandboxPaymentEndpoint = defineEndpoint({
  api: 'base',
  method: 'POST',
  path: '/payments/:id/sandbox',
  tags: ['payments'],
  summary: 'Sandbox only: approve or decline my pending payment’s prompt, as my phone would',
  access: 'signed-in',
  params: ZPaymentParamsSchema,
  body: ZDecideSandboxPaymentRequestSchema,
  success: { 200: ZDecideSandboxPaymentResponseSchema },
  refusals: [401, 404, 409],
});

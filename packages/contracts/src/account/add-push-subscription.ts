import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { dataEnvelope } from '../envelope.ts';
import { ZPushSubscriptionSchema } from './notification-preferences.ts';

export const ZAddPushSubscriptionResponseSchema = dataEnvelope(z.object({ id: z.uuid() }));

/**
 * This browser receives my order notifications by Web Push (and push is turned on). A
 * subscription another account registered on the same browser becomes mine: the phone tells
 * whoever turned it on last.
 */
export const addPushSubscriptionEndpoint = defineEndpoint({
  api: 'base',
  method: 'POST',
  path: '/account/push-subscriptions',
  tags: ['account'],
  summary: 'Receive my order notifications by Web Push in this browser',
  access: 'signed-in',
  body: ZPushSubscriptionSchema,
  success: { 201: ZAddPushSubscriptionResponseSchema },
  refusals: [400, 401],
});

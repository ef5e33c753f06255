import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { dataEnvelope } from '../envelope.ts';
import { ZPushSubscriptionSchema } from './notification-preferences.ts';

export const ZRemovePushSubscriptionRequestSchema = ZPushSubscriptionSchema.pick({ endpoint: true });

export const ZRemovePushSubscriptionResponseSchema = dataEnvelope(z.object({ removed: z.boolean() }));

/** This browser no longer receives my notifications; another account's subscription is left alone. */
export const removePushSubscriptionEndpoint = defineEndpoint({
  api: 'base',
  method: 'DELETE',
  path: '/account/push-subscriptions',
  tags: ['account'],
  summary: 'Stop Web Push in this browser (its subscription endpoint)',
  access: 'signed-in',
  body: ZRemovePushSubscriptionRequestSchema,
  success: { 200: ZRemovePushSubscriptionResponseSchema },
  refusals: [400, 401],
});

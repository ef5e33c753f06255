import type { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { dataEnvelope } from '../envelope.ts';
import { ZNotificationPreferencesSchema } from './notification-preferences.ts';

export const ZGetNotificationPreferencesResponseSchema = dataEnvelope(ZNotificationPreferencesSchema);
export type GetNotificationPreferencesResponse = z.infer<typeof ZGetNotificationPreferencesResponseSchema>;

export const getNotificationPreferencesEndpoint = defineEndpoint({
  api: 'base',
  method: 'GET',
  path: '/account/notification-preferences',
  tags: ['account'],
  summary: 'How I hear about my orders (email, SMS, push), and the key a browser subscribes to push with',
  access: 'signed-in',
  success: { 200: ZGetNotificationPreferencesResponseSchema },
  refusals: [401],
});

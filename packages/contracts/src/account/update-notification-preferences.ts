import type { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { dataEnvelope } from '../envelope.ts';
import { ZNotificationChannelsSchema, ZNotificationPreferencesSchema } from './notification-preferences.ts';

export const ZUpdateNotificationPreferencesRequestSchema = ZNotificationChannelsSchema;
export type UpdateNotificationPreferencesRequest = z.infer<typeof ZUpdateNotificationPreferencesRequestSchema>;

export const ZUpdateNotificationPreferencesResponseSchema = dataEnvelope(ZNotificationPreferencesSchema);

export const updateNotificationPreferencesEndpoint = defineEndpoint({
  api: 'base',
  method: 'PUT',
  path: '/account/notification-preferences',
  tags: ['account'],
  summary: 'Choose how I hear about my orders: email, SMS, push (the bell always rings)',
  access: 'signed-in',
  body: ZUpdateNotificationPreferencesRequestSchema,
  success: { 200: ZUpdateNotificationPreferencesResponseSchema },
  refusals: [400, 401],
});

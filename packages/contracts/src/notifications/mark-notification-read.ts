import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { dataEnvelope } from '../envelope.ts';
import { ZNotificationItemSchema } from './notification.ts';

export const ZMarkNotificationReadRequestSchema = z.object({ id: z.uuid('Not a notification id') });
export type MarkNotificationReadRequest = z.infer<typeof ZMarkNotificationReadRequestSchema>;

export const ZMarkNotificationReadResponseSchema = dataEnvelope(ZNotificationItemSchema);

export const markNotificationReadEndpoint = defineEndpoint({
  api: 'base',
  method: 'POST',
  path: '/notifications/:id/read',
  tags: ['notifications'],
  summary: 'Mark one of my notifications read',
  access: 'signed-in',
  params: ZMarkNotificationReadRequestSchema,
  success: { 200: ZMarkNotificationReadResponseSchema },
  refusals: [400, 401, 404],
});

import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { dataEnvelope } from '../envelope.ts';

export const ZMarkAllNotificationsReadResponseSchema = dataEnvelope(z.object({ marked: z.number().int().min(0) }));

export const markAllNotificationsReadEndpoint = defineEndpoint({
  api: 'base',
  method: 'POST',
  path: '/notifications/read',
  tags: ['notifications'],
  summary: 'Mark all my notifications read',
  access: 'signed-in',
  success: { 200: ZMarkAllNotificationsReadResponseSchema },
  refusals: [401],
});

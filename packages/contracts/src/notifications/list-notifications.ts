import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { listQuery, ZListMetaSchema } from '../envelope.ts';
import { ZNotificationItemSchema } from './notification.ts';

/** Newest first; `unread=true` lists only the unread ones. */
export const ZListNotificationsRequestSchema = listQuery(['createdAt'])
  .omit({ sortBy: true, order: true, searchKeyword: true })
  .extend({ unread: z.stringbool().default(false) });
export type ListNotificationsRequest = z.infer<typeof ZListNotificationsRequestSchema>;

export const ZListNotificationsResponseSchema = z.object({
  data: z.array(ZNotificationItemSchema),
  meta: ZListMetaSchema.extend({ unread: z.number().int().min(0) }),
});
export type ListNotificationsResponse = z.infer<typeof ZListNotificationsResponseSchema>;

export const listNotificationsEndpoint = defineEndpoint({
  api: 'base',
  method: 'GET',
  path: '/notifications',
  tags: ['notifications'],
  summary: 'My notifications, newest first (meta.unread: how many are unread)',
  access: 'signed-in',
  query: ZListNotificationsRequestSchema,
  success: { 200: ZListNotificationsResponseSchema },
  refusals: [400, 401],
});

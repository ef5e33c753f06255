import { z } from 'zod';
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

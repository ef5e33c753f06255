import { z } from 'zod';
import { dataEnvelope } from '../envelope.ts';
import { ZNotificationItemSchema } from './notification.ts';

export const ZMarkNotificationReadRequestSchema = z.object({ id: z.uuid('Not a notification id') });
export type MarkNotificationReadRequest = z.infer<typeof ZMarkNotificationReadRequestSchema>;

export const ZMarkNotificationReadResponseSchema = dataEnvelope(ZNotificationItemSchema);

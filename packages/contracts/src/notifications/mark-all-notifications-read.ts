import { z } from 'zod';
import { dataEnvelope } from '../envelope.ts';

export const ZMarkAllNotificationsReadResponseSchema = dataEnvelope(z.object({ marked: z.number().int().min(0) }));

import { z } from 'zod';

export const ZHealthResponseSchema = z.object({ status: z.literal('ok') });
export const ZReadinessResponseSchema = z.object({
  status: z.enum(['ready', 'unavailable']),
  checks: z.object({ database: z.enum(['up', 'down']), accepting: z.boolean() }),
});

import { z } from 'zod';
import { dataEnvelope } from '../envelope.ts';

export const ZLogoutRequestSchema = z.object({
  /** `all=true` ends every session of the account, this one included. */
  all: z.stringbool().default(false),
});
export type LogoutRequest = z.infer<typeof ZLogoutRequestSchema>;

export const ZLogoutResponseSchema = dataEnvelope(z.object({ sessionsEnded: z.number().int().min(0) }));

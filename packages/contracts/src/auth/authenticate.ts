import { z } from 'zod';
import { dataEnvelope } from '../envelope.ts';
import { ZCurrentPasswordSchema, ZIdentifierSchema } from './fields.ts';
import { ZSessionSchema } from './user.ts';

/** How many wrong passwords one identifier may get per minute before the next try is a 429. */
export const SIGN_IN_FAILURES_PER_IDENTIFIER = 10;

export const ZAuthenticateRequestSchema = z.object({
  identifier: ZIdentifierSchema,
  secret: ZCurrentPasswordSchema,
});
export type AuthenticateRequest = z.infer<typeof ZAuthenticateRequestSchema>;

export const ZAuthenticateResponseSchema = dataEnvelope(ZSessionSchema);
export type AuthenticateResponse = z.infer<typeof ZAuthenticateResponseSchema>;

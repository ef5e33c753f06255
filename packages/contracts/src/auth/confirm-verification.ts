import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { dataEnvelope } from '../envelope.ts';
import { ZIdentifierSchema } from './fields.ts';
import { ZCredentialSchema, ZSessionSchema } from './user.ts';

export const VERIFICATION_CODE_LENGTH = 6;
export const VERIFICATION_CODE_TTL_MS = 10 * 60 * 1000;
/** Wrong codes one confirmation survives; the next wrong one ends it. */
export const VERIFICATION_CODE_MAX_ATTEMPTS = 5;

/**
 * `token` is either the link token of the message's link, alone, or the 6-digit code, which
 * counts only together with the identifier it was sent to.
 */
export const ZConfirmVerificationRequestSchema = z.object({
  token: z.string('Enter the code').trim().min(1, 'Enter the code').max(128),
  identifier: ZIdentifierSchema.optional(),
  /** The registration's `signInToken`, from the browser that registered: then a session too. */
  signInToken: z.string().max(128).optional(),
});
export type ConfirmVerificationRequest = z.infer<typeof ZConfirmVerificationRequestSchema>;

export const ZConfirmVerificationResponseSchema = dataEnvelope(
  z.object({ credential: ZCredentialSchema, session: ZSessionSchema.optional() }),
);
export type ConfirmVerificationResponse = z.infer<typeof ZConfirmVerificationResponseSchema>;

export const confirmVerificationEndpoint = defineEndpoint({
  api: 'auth',
  method: 'POST',
  path: '/verification/confirm',
  tags: ['auth'],
  summary: 'Confirm an identifier with the link token, or the 6-digit code and its identifier',
  access: 'anyone',
  body: ZConfirmVerificationRequestSchema,
  success: { 200: ZConfirmVerificationResponseSchema },
  refusals: [400, 409, 429],
});

import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { dataEnvelope } from '../envelope.ts';
import { ZCurrentPasswordSchema, ZIdentifierSchema, ZPasswordSchema } from './fields.ts';
import { ZCredentialSchema } from './user.ts';

/**
 * The client sends the new identifier, the new password and its confirmation only when each is
 * non-empty. At least one change is needed; every change needs the current password
 * (docs/product/accounts.md, profile and sign-in details).
 */
export const ZUpdateAccountRequestSchema = z.object({
  currentPassword: ZCurrentPasswordSchema,
  newPassword: ZPasswordSchema.optional(),
  confirmNewPassword: z.string().max(1024).optional(),
  newIdentifier: ZIdentifierSchema.optional(),
});
export type UpdateAccountRequest = z.infer<typeof ZUpdateAccountRequestSchema>;

/**
 * `pendingIdentifier`: a new identifier waits for its code (sent to it); until it is confirmed
 * through POST /verification/confirm, the old one still signs in.
 */
export const ZUpdateAccountResponseSchema = dataEnvelope(
  z.object({
    credential: ZCredentialSchema,
    passwordChanged: z.boolean(),
    pendingIdentifier: z.string().nullable(),
  }),
);
export type UpdateAccountResponse = z.infer<typeof ZUpdateAccountResponseSchema>;

/**
 * Why a change is refused, as the refusal's `problem`: `same_identifier` (a 400 on newIdentifier:
 * the new identifier is the one the account has already).
 */
export const ZUpdateAccountProblemSchema = z.object({ code: z.literal('same_identifier') });
export type UpdateAccountProblem = z.infer<typeof ZUpdateAccountProblemSchema>;

export const updateAccountEndpoint = defineEndpoint({
  api: 'auth',
  method: 'PUT',
  path: '/account/update',
  tags: ['auth'],
  summary: 'Change the password and/or the sign-in identifier (needs the current password)',
  description:
    'A new password ends every other session. A new identifier waits for the code sent to it ' +
    '(POST /verification/confirm with that identifier). A wrong current password is a 400 on currentPassword.',
  access: 'signed-in',
  body: ZUpdateAccountRequestSchema,
  success: { 200: ZUpdateAccountResponseSchema },
  refusals: [400, 401, 422, 429],
  problems: ZUpdateAccountProblemSchema,
});

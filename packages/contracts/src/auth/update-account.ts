import { z } from 'zod';
import { dataEnvelope } from '../envelope.ts';
import { ZCurrentPasswordSchema, ZIdentifierSchema, ZPasswordSchema } from './fields.ts';
import { ZCredentialSchema } from './user.ts';

/**
 * Spec §5: the client sends the new identifier, the new password and its confirmation only
 * when each is non-empty. At least one change is needed; every change needs the current password.
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

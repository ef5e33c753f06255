import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { dataEnvelope } from '../envelope.ts';
import { ZPasswordSchema } from './fields.ts';
import { ZCredentialSchema } from './user.ts';

export const ZConfirmResetRequestSchema = z.object({
  token: z.string('The reset link is incomplete').trim().min(1, 'The reset link is incomplete').max(128),
  newPassword: ZPasswordSchema,
  confirmNewPassword: z.string('Repeat the new password').max(1024),
});
export type ConfirmResetRequest = z.infer<typeof ZConfirmResetRequestSchema>;

/** The password is changed and every session of the account has ended: sign in again. */
export const ZConfirmResetResponseSchema = dataEnvelope(z.object({ credential: ZCredentialSchema }));

export const confirmResetEndpoint = defineEndpoint({
  api: 'auth',
  method: 'POST',
  path: '/reset/confirm',
  tags: ['auth'],
  summary: 'Choose a new password with a reset link; every session of the account ends',
  access: 'anyone',
  body: ZConfirmResetRequestSchema,
  success: { 200: ZConfirmResetResponseSchema },
  refusals: [400, 429],
});

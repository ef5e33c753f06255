import { z } from 'zod';
import { dataEnvelope } from '../envelope.ts';
import { ZIdentitySchema } from './identity.ts';
import { ZSessionSchema } from './user.ts';

/**
 * The query the provider sent to the storefront's callback page, forwarded as is: `code` and
 * `state` on success, `error` (e.g. access_denied when the shopper cancelled) otherwise, and
 * whatever else the provider adds (iss, scope, …).
 */
export const ZFinishSocialSignInQuerySchema = z
  .object({
    state: z.string().min(1).max(512),
    code: z.string().min(1).max(4096).optional(),
    error: z.string().max(256).optional(),
    error_description: z.string().max(1024).optional(),
  })
  .catchall(z.string().max(4096));
export type FinishSocialSignInQuery = z.infer<typeof ZFinishSocialSignInQuerySchema>;

export const ZFinishSocialSignInResponseSchema = dataEnvelope(
  z.discriminatedUnion('intent', [
    z.object({
      intent: z.literal('sign-in'),
      /** True when this sign-in opened the account. */
      newAccount: z.boolean(),
      /** The same session as POST /account/authenticate answers. */
      session: ZSessionSchema,
      returnTo: z.string().nullable(),
    }),
    z.object({
      intent: z.literal('link'),
      identity: ZIdentitySchema,
      returnTo: z.string().nullable(),
    }),
  ]),
);
export type FinishSocialSignInResponse = z.infer<typeof ZFinishSocialSignInResponseSchema>;

import { z } from 'zod';
import { SOCIAL_PROVIDERS } from './social-providers.ts';

/** A provider account connected to the user's Malewa account (keyed by the provider's subject). */
export const ZIdentitySchema = z.object({
  provider: z.enum(SOCIAL_PROVIDERS),
  /** The email address the provider gave at the last sign-in, if any. */
  email: z.string().nullable(),
  /** True only when the provider said it had verified that address (`email_verified`). */
  emailVerified: z.boolean(),
  linkedAt: z.iso.datetime(),
  lastSignInAt: z.iso.datetime().nullable(),
});
export type Identity = z.infer<typeof ZIdentitySchema>;

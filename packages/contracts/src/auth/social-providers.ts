import { z } from 'zod';

/**
 * The OpenID Connect providers shoppers may sign in with. Each is switched on by the API's
 * configuration (client id and secret); GET /auth/account/providers lists the enabled ones.
 */
export const SOCIAL_PROVIDERS = ['google', 'facebook'] as const;
export type SocialProvider = (typeof SOCIAL_PROVIDERS)[number];

/** Each provider's own name, as its brand guidelines write it. */
export const SOCIAL_PROVIDER_NAMES: Record<SocialProvider, string> = { google: 'Google', facebook: 'Facebook' };

export const ZSocialProviderSchema = z.object({
  id: z.enum(SOCIAL_PROVIDERS),
  /** The provider's own name, shown as is on its button ("Continue with Google"). */
  name: z.string(),
});
export type SocialProviderInfo = z.infer<typeof ZSocialProviderSchema>;

/** The `{provider}` path parameter: any name, so that an unknown or disabled provider is a 404. */
export const ZSocialProviderParamsSchema = z.object({ provider: z.string().min(1).max(40) });

import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { dataEnvelope } from '../envelope.ts';
import { ZInterfaceLocaleSchema } from '../interface-locales.ts';
import { ZCountryCodeSchema } from '../markets.ts';
import { ZSocialProviderParamsSchema } from './social-providers.ts';

/** A started sign-in must come back from the provider within this time; it works once. */
export const SOCIAL_FLOW_TTL_MS = 10 * 60 * 1000;

/**
 * The header in which the storefront's server sends the flow token back with the callback.
 * The token never travels in a URL: the web keeps it in an httpOnly cookie of the browser
 * that started the sign-in, which is what binds the provider's answer to that browser.
 */
export const FLOW_TOKEN_HEADER = 'x-flow-token';

export const ZStartSocialSignInRequestSchema = z.object({
  /**
   * The storefront's callback page, registered at the provider, e.g.
   * `https://malewa.example/auth/account/google/callback`; it must be on the storefront's origin.
   */
  redirectUri: z.url({ protocol: /^https?$/ }).max(500),
  /** `sign-in` (default) signs in or opens an account; `link` connects the provider to the signed-in account. */
  intent: z.enum(['sign-in', 'link']).default('sign-in'),
  /** The interface language, kept for an account opened by this sign-in. */
  locale: ZInterfaceLocaleSchema.optional(),
  /** The market of an account opened by this sign-in (default: X-STORE-ID's, else the default market). */
  market: ZCountryCodeSchema.optional(),
  /** A path of the storefront to return to afterwards; given back by the callback. */
  returnTo: z
    .string()
    .max(500)
    .regex(/^\/(?![/\\])/, 'must be a path of this site, starting with one /')
    .optional(),
});
export type StartSocialSignInRequest = z.infer<typeof ZStartSocialSignInRequestSchema>;

export const ZStartSocialSignInResponseSchema = dataEnvelope(
  z.object({
    /** Where to send the browser (a 303 from the storefront). */
    authorizationUrl: z.url(),
    /** Secret: keep it in an httpOnly cookie and send it back in the FLOW_TOKEN_HEADER of the callback. */
    flowToken: z.string(),
    expiresAt: z.iso.datetime(),
  }),
);
export type StartSocialSignInResponse = z.infer<typeof ZStartSocialSignInResponseSchema>;

export const startSocialSignInEndpoint = defineEndpoint({
  api: 'auth',
  method: 'POST',
  path: '/account/:provider/authorize',
  tags: ['auth'],
  summary: 'Begin signing in (or, with intent=link, connecting an account) with a social provider',
  description:
    'Answers the provider URL to send the browser to and a flow token. Keep the flow token in an httpOnly ' +
    `cookie of that browser and send it back in the ${FLOW_TOKEN_HEADER} header of the callback: the ` +
    'callback is only accepted from the browser that began it, within 10 minutes, once. intent=link needs ' +
    'a signed-in user (Bearer). 404 for a provider that is not enabled.',
  // intent=link checks the Bearer token itself (a 401 without one).
  access: 'anyone-or-signed-in',
  params: ZSocialProviderParamsSchema,
  body: ZStartSocialSignInRequestSchema,
  success: { 200: ZStartSocialSignInResponseSchema },
  refusals: [400, 401, 404, 429, 503],
});

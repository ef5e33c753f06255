import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { dataEnvelope } from '../envelope.ts';
import { ZIdentitySchema } from './identity.ts';
import { ZSocialProviderParamsSchema } from './social-providers.ts';
import { FLOW_TOKEN_HEADER } from './start-social-sign-in.ts';
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

/** The flow token of the browser that began the sign-in (its cookie, sent on by the storefront). */
export const ZFinishSocialSignInHeadersSchema = z.looseObject({
  [FLOW_TOKEN_HEADER]: z.string().max(200).optional(),
});

export const finishSocialSignInEndpoint = defineEndpoint({
  api: 'auth',
  method: 'GET',
  path: '/account/:provider/callback',
  tags: ['auth'],
  summary: "Finish a social sign-in with the provider's answer",
  description:
    "Send the provider's query parameters as they reached the storefront's callback page, and the flow " +
    `token in ${FLOW_TOKEN_HEADER} (and, for intent=link, the Bearer token of the signed-in user). ` +
    'intent=sign-in answers a session as POST /account/authenticate does, opening the account on the first ' +
    'sign-in; an email address that already belongs to an account is a 409 (never joined: sign in to that ' +
    'account and connect the provider there). A forged, replayed, expired or other browser’s answer, or an ' +
    'ID token that does not check out, is a 400; a provider out of reach a 503.',
  access: 'anyone-or-signed-in',
  params: ZSocialProviderParamsSchema,
  query: ZFinishSocialSignInQuerySchema,
  headers: ZFinishSocialSignInHeadersSchema,
  success: { 200: ZFinishSocialSignInResponseSchema },
  refusals: [400, 401, 404, 409, 429, 503],
});

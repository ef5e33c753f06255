import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { dataEnvelope } from '../envelope.ts';
import { ZInterfaceLocaleSchema } from '../interface-locales.ts';
import { ZCountryCodeSchema } from '../markets.ts';
import { singleLine } from '../text.ts';
import { ZIdentifierSchema, ZPasswordSchema, ZPersonNameSchema } from './fields.ts';
import { SAME_ANSWER } from './user.ts';

export const ZRegisterRequestSchema = z.object({
  name: ZPersonNameSchema,
  surname: ZPersonNameSchema,
  /** Optional contact details beside the identifier; the identifier fills the matching one. */
  phone: singleLine().trim().max(32).optional(),
  email: singleLine().trim().max(254).optional(),
  credential: z.object({ identifier: ZIdentifierSchema, secret: ZPasswordSchema }),
  /** The interface language: messages are written in it. Default en. */
  locale: ZInterfaceLocaleSchema.optional(),
  /** The marketplace; default the X-STORE-ID header's, else the phone number's country. */
  market: ZCountryCodeSchema.optional(),
});
export type RegisterRequest = z.infer<typeof ZRegisterRequestSchema>;

/**
 * The same answer whether the identifier was new or already had an account (the owner of an
 * existing one is told by message instead): `identifier` is the normalised form the code was
 * sent to, for the confirmation step.
 */
export const ZRegisterResponseSchema = dataEnvelope(
  z.object({
    accepted: z.literal(true),
    identifier: z.string(),
    channel: z.enum(['email', 'sms']),
    /**
     * For the registering browser only: sent back with the code (or the link), it signs that
     * browser in on confirmation. Given on every path, so it tells nothing.
     */
    signInToken: z.string(),
  }),
);
export type RegisterResponse = z.infer<typeof ZRegisterResponseSchema>;

/** Named for what it opens: `registerEndpoint` is the API's function that registers routes. */
export const registerAccountEndpoint = defineEndpoint({
  api: 'auth',
  method: 'POST',
  path: '/account/register',
  tags: ['auth'],
  summary: 'Open an account; a code to confirm it is sent to the identifier',
  description: `Always 202 for a valid request. ${SAME_ANSWER} The owner of an existing account is told by message instead.`,
  access: 'anyone',
  body: ZRegisterRequestSchema,
  success: { 202: ZRegisterResponseSchema },
  refusals: [400, 429],
});

import { z } from 'zod';
import { ZInterfaceLocaleSchema } from '../interface-locales.ts';
import { ZCountryCodeSchema } from '../markets.ts';
import { ROLES } from './roles.ts';

export const GENDERS = ['female', 'male', 'other', 'undisclosed'] as const;

/**
 * The signed-in person (docs/product/accounts.md, accounts and sign-in), with the roles the
 * interface may use (docs/product/accounts.md, roles).
 */
export const ZUserSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  surname: z.string(),
  email: z.string().nullable(),
  /** E.164, e.g. +254712345678. */
  phone: z.string().nullable(),
  gender: z.enum(GENDERS).nullable(),
  bio: z.string().nullable(),
  /** YYYY-MM-DD. */
  dateOfBirth: z.iso.date().nullable(),
  avatarUrl: z.string().nullable(),
  locale: ZInterfaceLocaleSchema,
  market: ZCountryCodeSchema,
  roles: z.array(z.enum(ROLES)),
  createdAt: z.iso.datetime(),
});
export type User = z.infer<typeof ZUserSchema>;

/** How the user signs in: never a secret or a hash (docs/product/accounts.md, accounts and sign-in). */
export const ZCredentialSchema = z.object({
  identifier: z.string(),
  verified: z.boolean(),
});
export type Credential = z.infer<typeof ZCredentialSchema>;

/** A signed-in session: what authenticate and refresh answer. */
export const ZSessionSchema = z.object({
  tokenType: z.literal('Bearer'),
  accessToken: z.string(),
  accessTokenExpiresAt: z.iso.datetime(),
  refreshToken: z.string(),
  /**
   * Six hours after the last refresh, never past the session's absolute end
   * (docs/product/accounts.md, sessions).
   */
  refreshTokenExpiresAt: z.iso.datetime(),
  user: ZUserSchema,
  /** Null for an account that signs in only through a social provider (it has no password). */
  credential: ZCredentialSchema.nullable(),
});
export type Session = z.infer<typeof ZSessionSchema>;

/** What the OpenAPI document says of each request answered with `ZAcceptedSchema`. */
export const SAME_ANSWER =
  'The answer is the same whether or not an account has this identifier, so that this request cannot ' +
  'be used to find out who has an account.';

/** The answer of every request whose outcome must not reveal whether an account exists. */
export const ZAcceptedSchema = z.object({ accepted: z.literal(true) });

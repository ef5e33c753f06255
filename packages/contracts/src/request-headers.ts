import { z } from 'zod';
import { CART_TOKEN_HEADER, CART_TOKEN_PATTERN } from './carts/cart.ts';

/**
 * The request headers the API reads, declared on the routes that read them so that they are
 * checked and appear in the OpenAPI document. Loose objects: the other headers (Authorization,
 * Content-Type, …) pass through untouched. Header names are lower case, as Node gives them.
 */

/** Where the shopper shops: every price, distance and text depends on it. */
export const ZStoreHeadersSchema = z.looseObject({
  'x-store-id': z
    .string()
    .max(16)
    .optional()
    .describe(
      'The market, as a country code: ZA, KE, RW, BW, ZW or MZ. Needed unless X-STORE-LOCATION names a city; without either the answer is a 400 naming this header.',
    ),
  'x-store-location': z
    .string()
    .max(64)
    .optional()
    .describe(
      'The id of a city we serve (GET /api/locations): its market wins over X-STORE-ID, and its centre is the shopper’s point for distances and delivery fees. One no longer served is a 400.',
    ),
  'accept-language': z
    .string()
    .max(256)
    .optional()
    .describe('The shopper’s language for texts; else the market’s, else English.'),
});

/** A cart's owner: the Bearer token of a signed-in shopper, or a guest's cart token. */
export const ZCartHeadersSchema = ZStoreHeadersSchema.extend({
  // Its form is judged by the cart (cart-shopper.ts): a signed-in shopper's stray token is ignored.
  [CART_TOKEN_HEADER]: z
    .string()
    .max(256)
    .optional()
    .describe(
      `A guest’s cart: 32 random bytes, base64url (${CART_TOKEN_PATTERN.source}), made and kept by the storefront. Without it, and without a Bearer token, there is no cart.`,
    ),
});

/** The header that makes a checkout safe to retry: the same key replays the first answer. */
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_-]{16,64}$/;

/** A checkout: the shopper's cart headers and the key that makes a retry safe. */
export const ZCheckoutHeadersSchema = ZCartHeadersSchema.extend({
  [IDEMPOTENCY_KEY_HEADER]: z
    .string()
    .regex(IDEMPOTENCY_KEY_PATTERN, '16 to 64 letters, digits, - or _; a new one for each checkout')
    .describe(
      'A new key for each checkout: a retry with the same key answers what the first did (another body with it is a 422; one still running is a 409).',
    ),
});

/** A live stream: where a reconnecting client left off. */
export const ZEventStreamHeadersSchema = z.looseObject({
  'last-event-id': z
    .string()
    .max(32)
    .optional()
    .describe('The id of the last event received: the stream resumes after it (wins over `after`).'),
});

import { z } from 'zod';
import { ZMeSchema } from '../auth/get-me.ts';
import { ZCartLineCountsSchema } from '../carts/count-cart-lines.ts';
import { defineEndpoint } from '../endpoint.ts';
import { dataEnvelope } from '../envelope.ts';
import { ZNotificationItemSchema } from '../notifications/notification.ts';
import { ZStoreHeadersSchema } from '../request-headers.ts';

/** How many of the newest notifications the header's menu shows. */
export const HEADER_NOTIFICATIONS = 8;

/**
 * What a signed-in shopper's header shows on every page: who they are, their newest
 * notifications with the unread count, and the lines of their carts in the market of the
 * request. One answer instead of three, because the storefront asks it for every page it renders.
 * `carts` is null when the request names no market the API can use (no X-STORE-ID, or a city no
 * longer served): the rest of the header does not depend on it.
 */
export const ZHeaderSchema = z.object({
  me: ZMeSchema,
  notifications: z.object({
    data: z.array(ZNotificationItemSchema).max(HEADER_NOTIFICATIONS),
    unread: z.number().int().min(0),
  }),
  carts: ZCartLineCountsSchema.nullable(),
});
export type Header = z.infer<typeof ZHeaderSchema>;

export const ZGetHeaderResponseSchema = dataEnvelope(ZHeaderSchema);

export const getHeaderEndpoint = defineEndpoint({
  api: 'base',
  method: 'GET',
  path: '/account/header',
  tags: ['account'],
  summary: 'My header in one answer: who I am, my newest notifications and unread count, my carts’ line counts',
  description:
    'The same data as GET /auth/user/me, GET /api/notifications?perPage=8 and GET /api/carts together, for a storefront that renders the header on every page.',
  access: 'signed-in',
  headers: ZStoreHeadersSchema,
  success: { 200: ZGetHeaderResponseSchema },
  refusals: [400, 401],
});

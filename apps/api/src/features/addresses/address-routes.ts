import { ZCreateAddressRequestSchema, ZCreateAddressResponseSchema } from '@malewa/contracts/addresses/create-address';
import { ZDeleteAddressResponseSchema } from '@malewa/contracts/addresses/delete-address';
import { ZListAddressesResponseSchema } from '@malewa/contracts/addresses/list-addresses';
import { ZAddressParamsSchema } from '@malewa/contracts/addresses/saved-address';
import { ZUpdateAddressRequestSchema, ZUpdateAddressResponseSchema } from '@malewa/contracts/addresses/update-address';
import { ZErrorResponseSchema } from '@malewa/contracts/errors';
import { ZStoreHeadersSchema } from '@malewa/contracts/request-headers';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { principalOf, requireSignedIn } from '../../plugins/access-control.ts';
import { placeHeaders } from '../../request-headers.ts';
import type { TransactionDeps } from '../../transaction-deps.ts';
import type { AddressRepository } from './address-repository.ts';
import type { AddressShopper } from './address-shopper.ts';
import { createAddress } from './create-address.ts';
import { deleteAddress } from './delete-address.ts';
import { listAddresses } from './list-addresses.ts';
import { updateAddress } from './update-address.ts';

const security = [{ bearer: [] }];
const errors = { 400: ZErrorResponseSchema, 401: ZErrorResponseSchema };

function shopperOf(request: FastifyRequest): AddressShopper {
  return {
    userId: principalOf(request).userId,
    ...placeHeaders(request),
  };
}

/** Saved addresses (spec §2 `/account/addresses`): the signed-in shopper's own, per market. */
export const addressRoutes: FastifyPluginAsyncZod<{ addresses: AddressRepository } & TransactionDeps> = async (
  app,
  deps,
) => {
  app.addHook('onRequest', requireSignedIn);
  app.addHook('onSend', async (_request, reply, payload) => {
    reply.header('cache-control', 'private, no-store');
    return payload;
  });

  app.get(
    '/addresses',
    {
      schema: {
        tags: ['addresses'],
        headers: ZStoreHeadersSchema,
        summary: 'My addresses in my market, the default first',
        security,
        response: { 200: ZListAddressesResponseSchema, ...errors },
      },
    },
    async (request) => ({ data: await listAddresses(deps, shopperOf(request)) }),
  );

  app.post(
    '/addresses',
    {
      schema: {
        tags: ['addresses'],
        headers: ZStoreHeadersSchema,
        summary: 'Keep an address (the first in a market is the default)',
        security,
        body: ZCreateAddressRequestSchema,
        response: { 201: ZCreateAddressResponseSchema, ...errors, 422: ZErrorResponseSchema },
      },
    },
    async (request, reply) =>
      reply.code(201).send({ data: await createAddress(deps, shopperOf(request), request.body) }),
  );

  app.put(
    '/addresses/:id',
    {
      schema: {
        tags: ['addresses'],
        summary: 'Write one of my addresses anew, or make it the default',
        security,
        params: ZAddressParamsSchema,
        body: ZUpdateAddressRequestSchema,
        response: { 200: ZUpdateAddressResponseSchema, ...errors, 404: ZErrorResponseSchema },
      },
    },
    async (request) => ({
      data: await updateAddress(deps, principalOf(request).userId, request.params.id, request.body),
    }),
  );

  app.delete(
    '/addresses/:id',
    {
      schema: {
        tags: ['addresses'],
        summary: 'Forget one of my addresses',
        security,
        params: ZAddressParamsSchema,
        response: { 200: ZDeleteAddressResponseSchema, ...errors, 404: ZErrorResponseSchema },
      },
    },
    async (request) => ({ data: await deleteAddress(deps, principalOf(request).userId, request.params.id) }),
  );
};

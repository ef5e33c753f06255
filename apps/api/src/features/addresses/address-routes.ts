import { createAddressEndpoint } from '@malewa/contracts/addresses/create-address';
import { deleteAddressEndpoint } from '@malewa/contracts/addresses/delete-address';
import { listAddressesEndpoint } from '@malewa/contracts/addresses/list-addresses';
import { updateAddressEndpoint } from '@malewa/contracts/addresses/update-address';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { principalOf } from '#api/plugins/access-control.ts';
import { registerEndpoint } from '#api/plugins/endpoint-route.ts';
import { keepAnswersPrivate } from '#api/plugins/private-answers.ts';
import { placeHeaders } from '#api/request-headers.ts';
import type { TransactionDeps } from '#api/transaction-deps.ts';
import type { AddressRepository } from './address-repository.ts';
import type { AddressShopper } from './address-shopper.ts';
import { createAddress } from './create-address.ts';
import { deleteAddress } from './delete-address.ts';
import { listAddresses } from './list-addresses.ts';
import { updateAddress } from './update-address.ts';

function shopperOf(request: FastifyRequest): AddressShopper {
  return {
    userId: principalOf(request).userId,
    ...placeHeaders(request),
  };
}

/** Saved addresses (`/account/addresses`): the signed-in shopper's own, per market. */
export const addressRoutes: FastifyPluginAsync<{ addresses: AddressRepository } & TransactionDeps> = async (
  app,
  deps,
) => {
  keepAnswersPrivate(app);

  registerEndpoint(app, listAddressesEndpoint, {
    handler: async (request) => ({ data: await listAddresses(deps, shopperOf(request)) }),
  });
  registerEndpoint(app, createAddressEndpoint, {
    handler: async (request) => ({ data: await createAddress(deps, shopperOf(request), request.body) }),
  });
  registerEndpoint(app, updateAddressEndpoint, {
    handler: async (request) => ({
      data: await updateAddress(deps, principalOf(request).userId, request.params.id, request.body),
    }),
  });
  registerEndpoint(app, deleteAddressEndpoint, {
    handler: async (request) => ({ data: await deleteAddress(deps, principalOf(request).userId, request.params.id) }),
  });
};

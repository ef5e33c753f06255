import { ZCreateAddressResponseSchema } from '@malewa/contracts/addresses/create-address';
import { ZDeleteAddressResponseSchema } from '@malewa/contracts/addresses/delete-address';
import { ZListAddressesResponseSchema } from '@malewa/contracts/addresses/list-addresses';
import type { SavedAddress, SavedAddressInput } from '@malewa/contracts/addresses/saved-address';
import { ZUpdateAddressResponseSchema } from '@malewa/contracts/addresses/update-address';
import type { RouterContextProvider } from 'react-router';
import { apiClientFor } from '../../platform/api-client/api-client.server.ts';
import { sessionOf } from '../../platform/session/session.server.ts';

type Context = Readonly<RouterContextProvider>;

/** The shopper's saved addresses at the API, through their session, in the market of the request. */
function client(context: Context, request: Request) {
  return apiClientFor(context, request, sessionOf(context));
}

export async function listAddresses(context: Context, request: Request): Promise<SavedAddress[]> {
  return (await client(context, request).get('/addresses', ZListAddressesResponseSchema)).data;
}

export async function createAddress(context: Context, request: Request, input: SavedAddressInput) {
  return (
    await client(context, request).request('base', 'POST', '/addresses', ZCreateAddressResponseSchema, { body: input })
  ).data;
}

export async function updateAddress(context: Context, request: Request, id: string, input: SavedAddressInput) {
  return (
    await client(context, request).request('base', 'PUT', `/addresses/${id}`, ZUpdateAddressResponseSchema, {
      body: input,
    })
  ).data;
}

export async function deleteAddress(context: Context, request: Request, id: string) {
  return (await client(context, request).request('base', 'DELETE', `/addresses/${id}`, ZDeleteAddressResponseSchema))
    .data;
}

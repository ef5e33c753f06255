import { createAddressEndpoint } from '@malewa/contracts/addresses/create-address';
import { deleteAddressEndpoint } from '@malewa/contracts/addresses/delete-address';
import { listAddressesEndpoint } from '@malewa/contracts/addresses/list-addresses';
import type { SavedAddress, SavedAddressInput } from '@malewa/contracts/addresses/saved-address';
import { updateAddressEndpoint } from '@malewa/contracts/addresses/update-address';
import type { RouterContextProvider } from 'react-router';
import { apiClientFor } from '#app/platform/api-client/api-client.server.ts';
import { sessionOf } from '#app/platform/session/session.server.ts';

type Context = Readonly<RouterContextProvider>;

/** The shopper's saved addresses at the API, through their session, in the market of the request. */
function client(context: Context, request: Request) {
  return apiClientFor(context, request, sessionOf(context));
}

export async function listAddresses(context: Context, request: Request): Promise<SavedAddress[]> {
  return (await client(context, request).call(listAddressesEndpoint, {})).data;
}

export async function createAddress(context: Context, request: Request, input: SavedAddressInput) {
  return (await client(context, request).call(createAddressEndpoint, { body: input })).data;
}

export async function updateAddress(context: Context, request: Request, id: string, input: SavedAddressInput) {
  return (await client(context, request).call(updateAddressEndpoint, { params: { id }, body: input })).data;
}

export async function deleteAddress(context: Context, request: Request, id: string) {
  return (await client(context, request).call(deleteAddressEndpoint, { params: { id } })).data;
}

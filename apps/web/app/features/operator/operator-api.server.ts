import type { ServiceId } from '@malewa/contracts/catalog/vocabulary';
import { DOCUMENT_TYPES } from '@malewa/contracts/join/join-rules';
import { createLocationEndpoint } from '@malewa/contracts/locations/create-location';
import { deleteLocationEndpoint } from '@malewa/contracts/locations/delete-location';
import { getLocationEndpoint } from '@malewa/contracts/locations/get-location';
import { type ListLocationsRequestInput, listLocationsEndpoint } from '@malewa/contracts/locations/list-locations';
import type { LocationInput } from '@malewa/contracts/locations/location';
import { updateLocationEndpoint } from '@malewa/contracts/locations/update-location';
import type { CountryCode } from '@malewa/contracts/markets';
import { approveApplicationEndpoint, rejectApplicationEndpoint } from '@malewa/contracts/operator/decide-application';
import {
  getFeaturedListsEndpoint,
  type ReplaceFeaturedRequest,
  replaceFeaturedListsEndpoint,
} from '@malewa/contracts/operator/featured';
import { getApplicationEndpoint } from '@malewa/contracts/operator/get-application';
import { getApplicationDocumentEndpoint } from '@malewa/contracts/operator/get-application-document';
import { type ListApplicationsRequest, listApplicationsEndpoint } from '@malewa/contracts/operator/list-applications';
import { type ListAuditLogRequest, listAuditLogEndpoint } from '@malewa/contracts/operator/list-audit-log';
import { type ListOutboxRequest, listOutboxEndpoint } from '@malewa/contracts/operator/list-outbox';
import {
  getProviderEndpoint,
  type ListProvidersRequest,
  listProvidersEndpoint,
  reinstateProviderEndpoint,
  suspendProviderEndpoint,
} from '@malewa/contracts/operator/providers';
import { retryMessageEndpoint } from '@malewa/contracts/operator/retry-message';
import type { RouterContextProvider } from 'react-router';
import { apiClientFor } from '#app/platform/api-client/api-client.server.ts';
import { sessionOf } from '#app/platform/session/session.server.ts';

type Context = Readonly<RouterContextProvider>;

/** The operator's calls to the API, through their session: the API decides who may. */
function client(context: Context, request: Request) {
  return apiClientFor(context, request, sessionOf(context));
}

export function listApplications(context: Context, request: Request, query: Partial<ListApplicationsRequest>) {
  return client(context, request).call(listApplicationsEndpoint, { query });
}

export async function getApplication(context: Context, request: Request, id: string) {
  return (await client(context, request).call(getApplicationEndpoint, { params: { id } })).data;
}

export async function approveApplication(context: Context, request: Request, id: string) {
  return (await client(context, request).call(approveApplicationEndpoint, { params: { id } })).data;
}

export async function rejectApplication(context: Context, request: Request, id: string, reason: string) {
  return (await client(context, request).call(rejectApplicationEndpoint, { params: { id }, body: { reason } })).data;
}

/** A document as the API streams it: the response itself, its body unread. */
export function applicationDocument(context: Context, request: Request, id: string, documentId: string) {
  return client(context, request).openStream(getApplicationDocumentEndpoint, {
    params: { id, documentId },
    headers: { Accept: DOCUMENT_TYPES.join(', ') },
  });
}

export function listProviders(context: Context, request: Request, query: Partial<ListProvidersRequest>) {
  return client(context, request).call(listProvidersEndpoint, { query });
}

export async function getProvider(context: Context, request: Request, id: string) {
  return (await client(context, request).call(getProviderEndpoint, { params: { id } })).data;
}

export async function suspendProvider(context: Context, request: Request, id: string, reason: string) {
  return (await client(context, request).call(suspendProviderEndpoint, { params: { id }, body: { reason } })).data;
}

export async function reinstateProvider(context: Context, request: Request, id: string) {
  return (await client(context, request).call(reinstateProviderEndpoint, { params: { id } })).data;
}

export function listAuditLog(context: Context, request: Request, query: Partial<ListAuditLogRequest>) {
  return client(context, request).call(listAuditLogEndpoint, { query });
}

/** The messages the outbox gave up on, a page at a time, with the queue's counts. */
export function listOutbox(context: Context, request: Request, query: Partial<ListOutboxRequest>) {
  return client(context, request).call(listOutboxEndpoint, { query });
}

/** A dead message back in the queue (logged by the API). */
export async function retryMessage(context: Context, request: Request, id: string) {
  return (await client(context, request).call(retryMessageEndpoint, { params: { id } })).data;
}

export function listLocations(context: Context, request: Request, query: ListLocationsRequestInput) {
  return client(context, request).call(listLocationsEndpoint, { query });
}

export async function getLocation(context: Context, request: Request, id: string) {
  return (await client(context, request).call(getLocationEndpoint, { params: { id } })).data;
}

export async function saveLocation(context: Context, request: Request, id: string | undefined, input: LocationInput) {
  const api = client(context, request);
  const saved = id
    ? await api.call(updateLocationEndpoint, { params: { id }, body: input })
    : await api.call(createLocationEndpoint, { body: input });
  return saved.data;
}

export async function deleteLocation(context: Context, request: Request, id: string) {
  return (await client(context, request).call(deleteLocationEndpoint, { params: { id } })).data;
}

export async function getFeaturedLists(
  context: Context,
  request: Request,
  countryCode: CountryCode,
  service: ServiceId,
) {
  return (await client(context, request).call(getFeaturedListsEndpoint, { query: { countryCode, service } })).data;
}

export async function replaceFeaturedLists(context: Context, request: Request, lists: ReplaceFeaturedRequest) {
  return (await client(context, request).call(replaceFeaturedListsEndpoint, { body: lists })).data;
}

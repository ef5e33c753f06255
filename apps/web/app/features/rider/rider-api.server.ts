import { acceptJobEndpoint } from '@malewa/contracts/delivery/accept-job';
import { declineJobEndpoint } from '@malewa/contracts/delivery/decline-job';
import { type DeliverJobRequest, deliverJobEndpoint } from '@malewa/contracts/delivery/deliver-job';
import { listRiderJobsEndpoint } from '@malewa/contracts/delivery/list-rider-jobs';
import { pickUpJobEndpoint } from '@malewa/contracts/delivery/pick-up-job';
import { setShiftEndpoint } from '@malewa/contracts/delivery/set-shift';
import { type ShareLocationRequest, shareLocationEndpoint } from '@malewa/contracts/delivery/share-location';
import type { RouterContextProvider } from 'react-router';
import { apiClientFor } from '#app/platform/api-client/api-client.server.ts';
import { sessionOf } from '#app/platform/session/session.server.ts';

type Context = Readonly<RouterContextProvider>;

/** The rider's calls to the API, through the signed-in session: the API decides whose job is whose. */
function client(context: Context, request: Request) {
  return apiClientFor(context, request, sessionOf(context));
}

export async function listRiderJobs(context: Context, request: Request) {
  return (await client(context, request).call(listRiderJobsEndpoint, {})).data;
}

export async function setShift(context: Context, request: Request, onShift: boolean) {
  return (await client(context, request).call(setShiftEndpoint, { body: { onShift } })).data;
}

export async function acceptJob(context: Context, request: Request, jobId: string) {
  return (await client(context, request).call(acceptJobEndpoint, { params: { id: jobId } })).data;
}

export async function declineJob(context: Context, request: Request, jobId: string) {
  await client(context, request).call(declineJobEndpoint, { params: { id: jobId } });
}

export async function pickUpJob(context: Context, request: Request, jobId: string) {
  return (await client(context, request).call(pickUpJobEndpoint, { params: { id: jobId } })).data;
}

export async function deliverJob(context: Context, request: Request, jobId: string, body: DeliverJobRequest) {
  return (await client(context, request).call(deliverJobEndpoint, { params: { id: jobId }, body })).data;
}

export async function shareLocation(context: Context, request: Request, body: ShareLocationRequest) {
  return (await client(context, request).call(shareLocationEndpoint, { body })).data;
}

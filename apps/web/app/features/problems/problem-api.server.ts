import { getProblemPhotoEndpoint } from '@malewa/contracts/operator/get-problem-photo';
import { listProblemsEndpoint } from '@malewa/contracts/operator/list-problems';
import { resolveProblemEndpoint } from '@malewa/contracts/operator/resolve-problem';
import { listOrderProblemsEndpoint } from '@malewa/contracts/orders/list-order-problems';
import {
  PROBLEM_PHOTO_TYPE,
  type ProblemReportInput,
  type ResolveProblemRequest,
} from '@malewa/contracts/orders/problem';
import { reportProblemEndpoint } from '@malewa/contracts/orders/report-problem';
import { getShopProblemPhotoEndpoint } from '@malewa/contracts/provider/get-problem-photo';
import { listShopProblemsEndpoint } from '@malewa/contracts/provider/list-problems';
import { resolveShopProblemEndpoint } from '@malewa/contracts/provider/resolve-problem';
import type { RouterContextProvider } from 'react-router';
import { apiClientFor } from '#app/platform/api-client/api-client.server.ts';
import { sessionOf } from '#app/platform/session/session.server.ts';

type Context = Readonly<RouterContextProvider>;

/** Which console a page is: a shop's people see their shops' problems, operators every one. */
export type ProblemConsole = 'provider' | 'operator';

function client(context: Context, request: Request) {
  return apiClientFor(context, request, sessionOf(context));
}

export async function listOrderProblems(context: Context, request: Request, orderId: string) {
  return (await client(context, request).call(listOrderProblemsEndpoint, { params: { id: orderId } })).data;
}

/** The report as the API's multipart form: the JSON part `report`, and the photo when one was chosen. */
export async function reportProblem(
  context: Context,
  request: Request,
  orderId: string,
  report: ProblemReportInput,
  photo: File | null,
) {
  const form = new FormData();
  form.set('report', JSON.stringify(report));
  if (photo) form.set('photo', photo, photo.name || 'photo');
  return (await client(context, request).call(reportProblemEndpoint, { params: { id: orderId }, body: form })).data;
}

export function listConsoleProblems(
  context: Context,
  request: Request,
  console: ProblemConsole,
  query: { shop?: string; page?: number },
) {
  const api = client(context, request);
  return console === 'provider'
    ? api.call(listShopProblemsEndpoint, { query: { ...query, perPage: 30 } })
    : api.call(listProblemsEndpoint, { query: { ...query, perPage: 30 } });
}

export async function resolveConsoleProblem(
  context: Context,
  request: Request,
  console: ProblemConsole,
  id: string,
  body: ResolveProblemRequest,
) {
  const api = client(context, request);
  const answer =
    console === 'provider'
      ? await api.call(resolveShopProblemEndpoint, { params: { id }, body })
      : await api.call(resolveProblemEndpoint, { params: { id }, body });
  return answer.data;
}

export function problemPhoto(context: Context, request: Request, console: ProblemConsole, id: string) {
  const endpoint = console === 'provider' ? getShopProblemPhotoEndpoint : getProblemPhotoEndpoint;
  return client(context, request).openStream(endpoint, { params: { id }, headers: { Accept: PROBLEM_PHOTO_TYPE } });
}

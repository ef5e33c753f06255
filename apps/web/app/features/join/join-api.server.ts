import type { ServiceId } from '@malewa/contracts/catalog/vocabulary';
import type { Application } from '@malewa/contracts/join/application';
import { applyToJoinEndpoint } from '@malewa/contracts/join/apply-to-join';
import { listMyApplicationsEndpoint } from '@malewa/contracts/join/list-my-applications';
import type { RouterContextProvider } from 'react-router';
import { apiClientFor } from '#app/platform/api-client/api-client.server.ts';
import { sessionOf } from '#app/platform/session/session.server.ts';

type Context = Readonly<RouterContextProvider>;

/** The applicant's applications at the API, newest first, through their session. */
export async function listMyApplications(context: Context, request: Request): Promise<Application[]> {
  return (await apiClientFor(context, request, sessionOf(context)).call(listMyApplicationsEndpoint, {})).data;
}

/** Sends an application (its JSON part and documents, as the API's multipart form). */
export async function applyToJoin(context: Context, request: Request, service: ServiceId, form: FormData) {
  return (
    await apiClientFor(context, request, sessionOf(context)).call(applyToJoinEndpoint, {
      params: { service },
      body: form,
    })
  ).data;
}

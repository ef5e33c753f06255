import type { ServiceId } from '@malewa/contracts/catalog/vocabulary';
import { applyToJoinEndpoint } from '@malewa/contracts/join/apply-to-join';
import { data, type RouterContextProvider, redirect } from 'react-router';
import { placeContext } from '#app/context.ts';
import { applyToJoin, listMyApplications } from '#app/features/join/join-api.server.ts';
import type { JoinErrorField, JoinValues } from '#app/features/join/join-fields.ts';
import {
  applicationForm,
  documentsOf,
  freshJoinValues,
  joinErrorsOf,
  joinValuesOf,
  pinFollowingCity,
  readJoinForm,
} from '#app/features/join/join-form.server.ts';
import { joinPath } from '#app/features/join/join-paths.ts';
import { shownApplication } from '#app/features/join/shown-application.server.ts';
import { ApiError, problemOf } from '#app/platform/api-client/api-client.server.ts';
import { showToast } from '#app/platform/feedback/toast.server.ts';
import { apiFailure, invalid, refused } from '#app/platform/forms/form.server.ts';
import type { FieldErrors } from '#app/platform/forms/form-outcome.ts';
import { localeOfPath, localizePath, unlocalizePath } from '#app/platform/i18n/locales.ts';
import { pageMessageBundle, translatorFor } from '#app/platform/i18n/messages.server.ts';
import type { Place } from '#app/platform/places/place.ts';
import { serviceOfPath } from '#app/platform/services/services.ts';
import { loadMe } from '#app/platform/session/me.server.ts';
import { loginPathFor, sessionOf } from '#app/platform/session/session.server.ts';
import { signedInCall } from '#app/platform/session/signed-in-call.server.ts';

type Context = Readonly<RouterContextProvider>;

function serviceOf(url: URL): ServiceId {
  const service = serviceOfPath(unlocalizePath(url.pathname));
  // The service layout has already answered 404 for anything else.
  if (!service) throw data(null, { status: 404 });
  return service.id;
}

/** The cities an applicant can choose: those of the market the storefront is in. */
function citiesOf(context: Context): Place[] {
  const { place, places } = context.get(placeContext);
  return place ? places.filter((candidate) => candidate.countryCode === place.countryCode) : [];
}

/**
 * A service's join page (docs/product/providers.md, joining): what joining means for its kind
 * of provider and how it goes; signed out, the way in; signed in, the applicant's latest
 * application for the service and, unless one is waiting or approved, the form.
 */
export async function loadJoinPage(url: URL, request: Request, context: Context) {
  const service = serviceOf(url);
  const locale = localeOfPath(url.pathname);
  const t = translatorFor(locale.code);
  const page = {
    service,
    messageBundles: [pageMessageBundle.join(locale.code), pageMessageBundle.pin(locale.code)],
    meta: { title: t(`join.${service}.title`), description: t(`join.${service}.intro`) },
  };
  if (!sessionOf(context).signedIn) {
    return {
      ...page,
      signedIn: false as const,
      loginPath: loginPathFor(url),
      registerPath: `${localizePath('/auth/register', locale.code)}?returnTo=${encodeURIComponent(url.pathname.replace(/\.data$/, ''))}`,
    };
  }
  const [applications, me] = await signedInCall(url, () =>
    Promise.all([listMyApplications(context, request), loadMe(context, request)]),
  );
  const latest = applications.find((application) => application.service === service);
  const place = context.get(placeContext).place;
  const cities = citiesOf(context);
  return {
    ...page,
    signedIn: true as const,
    application: latest ? shownApplication(latest, locale.iso) : null,
    canApply: !latest || latest.status === 'rejected',
    // With their centres: the pin starts at the chosen city's, and follows the city chosen.
    cities: cities.map(({ slug, name, latitude, longitude }) => ({ slug, name, latitude, longitude })),
    values: freshJoinValues(service, me.user, place),
    pin: place ? { latitude: place.latitude, longitude: place.longitude } : null,
  };
}

/** An invalid application: each message beside its field, and the form's notice above them. */
const invalidJoin = (values: JoinValues, errors: FieldErrors<JoinErrorField>) =>
  invalid(values, { form: 'join.error.form', ...errors });

/**
 * The application form: checked here against the API's own schema (no upload for a typo), then
 * sent with its documents; the API's refusals come back to the fields they name. Sent, the
 * applicant lands on the same page, which now shows where it stands.
 */
export async function submitJoinForm(url: URL, request: Request, context: Context) {
  const service = serviceOf(url);
  const locale = localeOfPath(url.pathname);
  if (!sessionOf(context).signedIn) throw redirect(loginPathFor(url));
  const form = await request.formData();
  const cities = citiesOf(context);
  const values = pinFollowingCity(joinValuesOf(form), cities);
  const documents = documentsOf(form);
  const read = readJoinForm(service, values, documents, cities, locale.code);
  if ('errors' in read) return invalidJoin(values, read.errors);
  try {
    await signedInCall(url, () => applyToJoin(context, request, service, applicationForm(read.application, documents)));
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    if (error.status === 409) return refused(values, 'join.error.duplicate', 409);
    if (error.status === 429) return apiFailure(error, values, 'join: applying');
    const problem = problemOf(error, applyToJoinEndpoint);
    if (problem) {
      const message = problem.code === 'document_too_large' ? 'join.error.fileSize' : 'join.error.fileType';
      // The form itself was fine: one of its documents was not (a 400, like any field's error).
      return invalidJoin(values, { [problem.document === 'id' ? 'id' : 'certificate']: message });
    }
    // Too many documents, or not a form at all: nothing to point at.
    if (error.status === 413 || error.status === 415) return invalidJoin(values, {});
    if (error.status === 400) {
      return invalidJoin(values, joinErrorsOf(Object.keys(error.errors).filter((field) => field !== 'message')));
    }
    throw error;
  }
  showToast(context, { type: 'success', title: translatorFor(locale.code)('join.sent'), message: '' });
  throw redirect(localizePath(joinPath(service), locale.code), 303);
}

import type { RouterContextProvider } from 'react-router';
import { listMyApplications } from '#app/features/join/join-api.server.ts';
import { shownApplication } from '#app/features/join/shown-application.server.ts';
import { localeOfPath } from '#app/platform/i18n/locales.ts';
import { pageMessageBundle, translatorFor } from '#app/platform/i18n/messages.server.ts';
import { signedInCall } from '#app/platform/session/signed-in-call.server.ts';

/** `/account/applications`: the account's applications to join, newest first, with where each stands. */
export async function loadApplicationsPage(url: URL, request: Request, context: Readonly<RouterContextProvider>) {
  const locale = localeOfPath(url.pathname);
  const t = translatorFor(locale.code);
  const applications = await signedInCall(url, () => listMyApplications(context, request));
  return {
    applications: applications.map((application) => shownApplication(application, locale.iso)),
    messageBundles: [pageMessageBundle.join(locale.code)],
    title: `${t('join.applications.title')} | ${t('site.name')}`,
  };
}

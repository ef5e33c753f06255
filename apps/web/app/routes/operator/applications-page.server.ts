import { SERVICE_IDS } from '@malewa/contracts/catalog/vocabulary';
import { APPLICATION_STATUSES } from '@malewa/contracts/join/join-rules';
import type { RouterContextProvider } from 'react-router';
import { listApplications } from '#app/features/operator/operator-api.server.ts';
import { momentOf, OPERATOR_PAGE_SIZE, oneOf, pageOf } from '#app/features/operator/operator-format.ts';
import { localeOfPath } from '#app/platform/i18n/locales.ts';
import { translatorFor } from '#app/platform/i18n/messages.server.ts';
import { signedInCall } from '#app/platform/session/signed-in-call.server.ts';

/**
 * `/operator/applications`: the queue. Waiting applications by default, oldest first (the API's
 * order for them), or those of one state; one service or all.
 */
export async function loadApplicationsQueue(url: URL, request: Request, context: Readonly<RouterContextProvider>) {
  const locale = localeOfPath(url.pathname);
  const t = translatorFor(locale.code);
  const chosen = url.searchParams.get('status');
  const status = chosen === 'all' ? undefined : (oneOf(chosen, APPLICATION_STATUSES) ?? 'submitted');
  const service = oneOf(url.searchParams.get('service'), SERVICE_IDS);
  const page = pageOf(url);
  const result = await signedInCall(url, () =>
    listApplications(context, request, { status, service, page, perPage: OPERATOR_PAGE_SIZE }),
  );
  return {
    filter: { status: status ?? 'all', service: service ?? '' },
    applications: result.data.map((application) => ({
      id: application.id,
      businessName: application.businessName,
      service: application.service,
      kind: application.kind,
      city: application.city.name,
      contactName: application.contactName,
      status: application.status,
      submittedOn: momentOf(application.submittedAt, locale.iso, application.countryCode),
    })),
    page: result.meta.page,
    pages: result.meta.totalPages,
    total: result.meta.total,
    title: `${t('operator.applications.title')} | ${t('site.name')}`,
  };
}

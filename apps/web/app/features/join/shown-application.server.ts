import { MARKET_TIME_ZONES } from '@malewa/contracts/country-codes';
import type { Application } from '@malewa/contracts/join/application';
import { dateTimeFormat } from '#app/platform/i18n/intl-formats.ts';
import { formattingTag } from '#app/platform/markets/formatting-tag.ts';
import { providerPath } from '#app/platform/navigation/catalog-paths.ts';
import type { ShownApplication } from './application-card.tsx';

/** A day, in the page's language and the application's market's calendar. */
function dayOf(at: string, application: Application, language: string): string {
  return dateTimeFormat(formattingTag(language, application.countryCode), {
    dateStyle: 'long',
    timeZone: MARKET_TIME_ZONES[application.countryCode],
  }).format(new Date(at));
}

/** An application as its card shows it: its dates written for the page's language, its shop's page. */
export function shownApplication(application: Application, language: string): ShownApplication {
  return {
    id: application.id,
    service: application.service,
    businessName: application.businessName,
    status: application.status,
    reason: application.reason,
    shop: application.provider ? { path: providerPath(application.service, application.provider.slug) } : null,
    submittedOn: dayOf(application.submittedAt, application, language),
    decidedOn: application.decidedAt ? dayOf(application.decidedAt, application, language) : null,
  };
}

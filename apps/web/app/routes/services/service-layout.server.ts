import { catalogMessageBundle } from '#app/features/catalog/vocabulary.server.ts';
import type { LocaleCode } from '#app/platform/i18n/locales.ts';
import { defineMessageBundle } from '#app/platform/i18n/message-bundles.server.ts';
import { pageMessagesFor } from '#app/platform/i18n/messages.server.ts';
import { SERVICE_IDS, type ServiceId } from '#app/platform/services/services.ts';

/**
 * The `services` namespace less the other services' own texts (`services.grocery.*` on the
 * food pages), one bundle per service. A client navigation to another service runs that
 * service's layout loader, which names its bundle.
 */
const SERVICE_BUNDLES = new Map(
  SERVICE_IDS.map((service) => {
    const others = SERVICE_IDS.filter((id) => id !== service).map((id) => `services.${id}.`);
    const bundle = defineMessageBundle(`services-${service}`, (locale) =>
      pageMessagesFor(locale, 'services', (key) => !others.some((prefix) => key.startsWith(prefix))),
    );
    return [service, bundle] as const;
  }),
);

/** The texts a service's pages use: its own service's, and the catalog's. */
export function serviceMessageBundles(locale: LocaleCode, service: ServiceId) {
  const bundle = SERVICE_BUNDLES.get(service);
  if (!bundle) throw new Error(`No texts for the service ${service}`);
  return [bundle(locale), catalogMessageBundle(locale)];
}

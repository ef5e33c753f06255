import { catalogMessagesFor } from '../../features/catalog/vocabulary.server.ts';
import type { LocaleCode } from '../../platform/i18n/locales.ts';
import { pageMessagesFor } from '../../platform/i18n/messages.server.ts';
import { SERVICE_IDS, type ServiceId } from '../../platform/services/services.ts';

/**
 * The texts a service's pages use: the catalog's, and the `services` namespace less the other services' own
 * (`services.grocery.*` on the food pages). A client navigation to another service runs that
 * service's layout loader, which brings its texts.
 */
export function serviceMessagesFor(locale: LocaleCode, service: ServiceId) {
  const others = SERVICE_IDS.filter((id) => id !== service).map((id) => `services.${id}.`);
  return {
    ...pageMessagesFor(locale, 'services', (key) => !others.some((prefix) => key.startsWith(prefix))),
    ...catalogMessagesFor(locale),
  };
}

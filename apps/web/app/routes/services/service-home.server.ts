import { data } from 'react-router';
import { localeOfPath, unlocalizePath } from '../../platform/i18n/locales.ts';
import { translatorFor } from '../../platform/i18n/messages.server.ts';
import { serviceOfPath } from '../../platform/services/services.ts';

/** A service home's data: which service it is, and its localized title, description and keywords. */
export function loadServiceHome(url: URL) {
  // The normalized URL: a client navigation requests `/fr/food.data`, which names no service.
  const { pathname } = url;
  const service = serviceOfPath(unlocalizePath(pathname));
  // Only mounted under a service path, so this guards a wrong `routes.ts`, not a visitor.
  if (!service) throw data(null, { status: 404 });
  const locale = localeOfPath(pathname);
  const t = translatorFor(locale.code);
  return {
    service: service.id,
    meta: {
      title: t(`services.${service.id}.title`),
      description: t(`services.${service.id}.description`),
      keywords: t(`seo.${service.id}.keywords`),
    },
  };
}

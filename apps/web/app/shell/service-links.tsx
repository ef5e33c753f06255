import { useLocation } from 'react-router';
import { useI18n } from '../platform/i18n/i18n-context.tsx';
import { localizePath, unlocalizePath } from '../platform/i18n/locales.ts';
import { AppLink } from '../platform/navigation/app-link.tsx';
import { getService, headerServices, serviceOfPath } from '../platform/services/services.ts';
import { useEnabledServices } from '../platform/services/use-enabled-services.ts';

/**
 * The header's service links: only when more than one service is enabled, in the header's
 * order. Phones hide them (the stylesheet): there the home page's cards lead in.
 */
export function ServiceLinks() {
  const { t, locale } = useI18n();
  const { pathname } = useLocation();
  const services = headerServices(useEnabledServices());
  if (services.length === 0) return null;

  const page = unlocalizePath(pathname).replace(/(?<=.)\/+$/, '');
  const current = serviceOfPath(page);
  return (
    <nav className="service-links" aria-label={t('services.nav.label')}>
      <ul>
        {services.map((id) => {
          const { path } = getService(id);
          // "page" on the service home itself; deeper in the service the link marks where you are.
          const here = current?.id === id ? (page === path ? 'page' : 'true') : undefined;
          return (
            <li key={id}>
              <AppLink to={localizePath(path, locale.code)} aria-current={here}>
                {t(`service.${id}.name`)}
              </AppLink>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

import { data, Outlet } from 'react-router';
import { configContext } from '#app/context.ts';
import { I18nScope, useI18n } from '#app/platform/i18n/i18n-context.tsx';
import { localeOfPath, localizePath, unlocalizePath } from '#app/platform/i18n/locales.ts';
import { AppNavLink } from '#app/platform/navigation/app-link.tsx';
import { availableTabs, getService, type ServiceId, serviceOfPath } from '#app/platform/services/services.ts';
import type { Route } from './+types/service-layout';
import { serviceMessageBundles } from './service-layout.server.ts';

/**
 * The layout of every service (docs/product/pages.md, layouts): its tab bar above the service's
 * pages. One module serves the five services, so the service comes from the path; a disabled
 * one is a 404.
 */
export function loader({ url, context }: Route.LoaderArgs) {
  // `url`, not `request.url`: on client navigations the request is for `/food.data`.
  const service = serviceOfPath(unlocalizePath(url.pathname));
  if (!service || !context.get(configContext).enabledServices.includes(service.id)) {
    throw data(null, { status: 404 });
  }
  return { service: service.id, messageBundles: serviceMessageBundles(localeOfPath(url.pathname).code, service.id) };
}

/** The service's texts, then its tab bar and pages. */
export default function ServiceLayout({ loaderData }: Route.ComponentProps) {
  return (
    <I18nScope bundles={loaderData.messageBundles}>
      <ServiceLayoutBody service={loaderData.service} />
    </I18nScope>
  );
}

function ServiceLayoutBody({ service }: { service: ServiceId }) {
  const { t, locale } = useI18n();
  // Only tabs whose route exists: a tab bar of dead links would be worse than none.
  const tabs = availableTabs(getService(service));
  return (
    <div className={`service-layout service-${service}`}>
      {tabs.length > 0 && (
        <nav className="service-tabs" aria-label={t('services.tabs.label')}>
          <ul>
            {tabs.map((tab) => (
              <li key={tab.id}>
                <AppNavLink to={localizePath(tab.path, locale.code)}>{t(`services.tab.${tab.id}`)}</AppNavLink>
              </li>
            ))}
          </ul>
        </nav>
      )}
      <Outlet />
    </div>
  );
}

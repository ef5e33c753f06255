import { Outlet } from 'react-router';
import type { StaticPage } from '#app/platform/content/static-pages.ts';
import { I18nScope, useI18n } from '#app/platform/i18n/i18n-context.tsx';
import { localeOfPath, localizePath } from '#app/platform/i18n/locales.ts';
import { pageMessageBundle } from '#app/platform/i18n/messages.server.ts';
import type { MessageKey } from '#app/platform/i18n/translator.ts';
import { AppNavLink } from '#app/platform/navigation/app-link.tsx';
import pagesStyles from '#app/styles/pages.css?url';
import type { Route } from './+types/more-layout';

/** The sidebar's order; partnership shows on desktop only (docs/product/pages.md, layouts). */
const SIDEBAR: { page: StaticPage; label: MessageKey; desktopOnly?: boolean }[] = [
  { page: 'about', label: 'pages.nav.about' },
  { page: 'career', label: 'pages.nav.career' },
  { page: 'contact', label: 'pages.nav.contact' },
  { page: 'help', label: 'pages.nav.help' },
  { page: 'foodsafety', label: 'pages.nav.foodsafety' },
  { page: 'terms', label: 'pages.nav.terms' },
  { page: 'privacy', label: 'pages.nav.privacy' },
  { page: 'partnership', label: 'pages.nav.partnership', desktopOnly: true },
  // Beyond the specification's list: the licences of the illustrations, map data and flags.
  { page: 'attributions', label: 'pages.nav.attributions' },
];

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: pagesStyles }];

/** The information pages' texts (the sidebar, the contact form): no other page carries them. */
export function loader({ url }: Route.LoaderArgs) {
  // `url`, not `request.url`: a client navigation requests `/fr/pages/about.data`.
  return { messageBundles: [pageMessageBundle.pages(localeOfPath(url.pathname).code)] };
}

/** The 'More' layout: the information pages, with a sidebar listing them beside the page. */
export default function MoreLayout({ loaderData }: Route.ComponentProps) {
  return (
    <I18nScope bundles={loaderData.messageBundles}>
      <MoreLayoutBody />
    </I18nScope>
  );
}

function MoreLayoutBody() {
  const { t, locale } = useI18n();
  return (
    <div className="more-layout">
      <nav className="more-nav" aria-label={t('pages.nav.label')}>
        <ul>
          {SIDEBAR.map((item) => (
            <li key={item.page} className={item.desktopOnly ? 'more-nav-desktop' : undefined}>
              <AppNavLink
                className="more-nav-link"
                to={localizePath(`/pages/${item.page}`, locale.code)}
                end
                prefetch="intent"
              >
                {t(item.label)}
              </AppNavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="more-content">
        <Outlet />
      </div>
    </div>
  );
}

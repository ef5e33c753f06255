import { Outlet } from 'react-router';
import type { StaticPage } from '../content/static-pages.ts';
import { useI18n } from '../i18n/i18n-context.tsx';
import { localizePath } from '../i18n/locales.ts';
import type { MessageKey } from '../i18n/translator.ts';
import { AppNavLink } from '../navigation/app-link.tsx';

/** The specification's order; partnership shows on desktop only (§2 'More' layout). */
const SIDEBAR: { page: StaticPage; label: MessageKey; desktopOnly?: boolean }[] = [
  { page: 'about', label: 'pages.nav.about' },
  { page: 'career', label: 'pages.nav.career' },
  { page: 'contact', label: 'pages.nav.contact' },
  { page: 'help', label: 'pages.nav.help' },
  { page: 'foodsafety', label: 'pages.nav.foodsafety' },
  { page: 'terms', label: 'pages.nav.terms' },
  { page: 'privacy', label: 'pages.nav.privacy' },
  { page: 'partnership', label: 'pages.nav.partnership', desktopOnly: true },
];

/** The 'More' layout: the information pages, with a sidebar listing them beside the page. */
export default function MoreLayout() {
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

import type { ReactNode } from 'react';
import { useI18n } from '../i18n/i18n-context.tsx';
import { LanguagePicker } from '../i18n/language-picker.tsx';
import { localizePath } from '../i18n/locales.ts';
import { AppLink } from '../navigation/app-link.tsx';
import { ThemePicker } from '../theme/theme-picker.tsx';
import { ServiceLinks } from './service-links.tsx';

/** Header, content and footer around every storefront page. */
export function SiteShell({ children }: { children: ReactNode }) {
  const { t, locale } = useI18n();
  return (
    <>
      <a className="skip-link" href="#content">
        {t('site.skipToContent')}
      </a>
      <header className="site-header">
        <AppLink className="brand" to={localizePath('/', locale.code)}>
          <BrandMark />
          <span>{t('site.name')}</span>
        </AppLink>
        <ServiceLinks />
        <div className="header-tools">
          <LanguagePicker />
          <ThemePicker />
        </div>
      </header>
      <main id="content" className="site-main">
        {children}
      </main>
      <footer className="site-footer">
        <p>{t('footer.rights', { year: new Date().getFullYear() })}</p>
      </footer>
    </>
  );
}

function BrandMark() {
  return (
    <svg className="brand-mark" viewBox="0 0 32 32" width="28" height="28" aria-hidden="true">
      <circle cx="16" cy="16" r="16" fill="#DE421B" />
      <path
        d="M9 22V10l7 7 7-7v12"
        fill="none"
        stroke="#fff"
        strokeWidth="3"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { useI18n } from '../i18n/i18n-context.tsx';
import { LOCALES, localizePath, unlocalizePath } from '../i18n/locales.ts';

/** Header, content and footer around every storefront page. */
export function SiteShell({ children }: { children: ReactNode }) {
  const { t, locale } = useI18n();
  return (
    <>
      <a className="skip-link" href="#content">
        {t('site.skipToContent')}
      </a>
      <header className="site-header">
        <Link className="brand" to={localizePath('/', locale.code)}>
          <BrandMark />
          <span>{t('site.name')}</span>
        </Link>
        <LanguagePicker />
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

/** A plain list of links, so switching language works before (or without) JavaScript. */
function LanguagePicker() {
  const { t, locale } = useI18n();
  const { pathname, search } = useLocation();
  const page = unlocalizePath(pathname);
  return (
    <details className="language-picker">
      <summary>
        <span className="visually-hidden">{t('language.label')}: </span>
        {locale.name}
      </summary>
      <ul>
        {LOCALES.map((l) => (
          <li key={l.code}>
            <a
              href={`${localizePath(page, l.code)}${search}`}
              hrefLang={l.code}
              lang={l.code}
              aria-current={l.code === locale.code ? 'true' : undefined}
            >
              {l.name}
            </a>
          </li>
        ))}
      </ul>
    </details>
  );
}

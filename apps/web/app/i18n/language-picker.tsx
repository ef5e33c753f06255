import { useLocation } from 'react-router';
import { useI18n } from './i18n-context.tsx';
import { LOCALES, localizePath, unlocalizePath } from './locales.ts';

/** A plain list of links, so switching language works before (or without) JavaScript. */
export function LanguagePicker() {
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

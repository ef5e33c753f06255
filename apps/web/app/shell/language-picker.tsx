import { lazy, Suspense, useRef } from 'react';
import { useLocation } from 'react-router';
import { useI18n } from '../platform/i18n/i18n-context.tsx';
import { localizePath, unlocalizePath } from '../platform/i18n/locales.ts';
import { useDismissableDetails } from '../ui/use-dismissable-details.ts';
import { usePanelOnOpen } from '../ui/use-panel-on-open.ts';
import { Flag } from './flag.tsx';

/** The list's code comes with its first opening, as its markup does (ui/use-panel-on-open.ts). */
const LanguageList = lazy(() => import('./language-list.tsx').then(({ LanguageList }) => ({ default: LanguageList })));

/**
 * The header's language picker. Its list is drawn when it first opens (ui/use-panel-on-open.ts);
 * until then, and without JavaScript, it holds a link to the same list on its own page.
 */
export function LanguagePicker() {
  const { t, locale } = useI18n();
  const { pathname, search } = useLocation();
  const ref = useRef<HTMLDetailsElement>(null);
  useDismissableDetails(ref);
  const shown = usePanelOnOpen(ref);
  const returnTo = `${unlocalizePath(pathname)}${search}`;
  const pageLink = (
    <a className="panel-page-link" href={localizePath(`/language?${new URLSearchParams({ returnTo })}`, locale.code)}>
      {t('language.all')}
    </a>
  );
  return (
    <details ref={ref} className="language-picker">
      <summary>
        <Flag country={locale.flag} />
        <span className="visually-hidden">{t('language.label')}: </span>
        {/* Narrow headers show the code instead of the name; the name stays the accessible label. */}
        <span className="language-name">{locale.name}</span>
        <span className="language-code" aria-hidden="true">
          {locale.code}
        </span>
      </summary>
      {/* Until the list and its code are here, the link to its page stands in. */}
      <Suspense fallback={pageLink}>{shown ? <LanguageList returnTo={returnTo} /> : pageLink}</Suspense>
    </details>
  );
}

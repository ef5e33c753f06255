import { lazy, Suspense, useRef } from 'react';
import { useLocation } from 'react-router';
import { useI18n } from '../platform/i18n/i18n-context.tsx';
import { localizePath } from '../platform/i18n/locales.ts';
import { loadPalettes } from '../platform/theme/palette-loader.ts';
import { useDismissableDetails } from '../ui/use-dismissable-details.ts';
import { usePanelOnOpen } from '../ui/use-panel-on-open.ts';

/** The form's code comes with its first opening, as its markup does (ui/use-panel-on-open.ts). */
const ThemeForm = lazy(() => import('./theme-form.tsx').then(({ ThemeForm }) => ({ default: ThemeForm })));

/**
 * The header's theme colour picker panel: colour, light or dark, and corners. Its form is drawn
 * when the panel first opens (ui/use-panel-on-open.ts); until then, and without JavaScript, it
 * holds a link to the same form on its own page (/theme).
 */
export function ThemePicker() {
  const { t, locale } = useI18n();
  const { pathname, search } = useLocation();
  const details = useRef<HTMLDetailsElement>(null);
  useDismissableDetails(details, { stayOpenOnNavigation: true });
  const shown = usePanelOnOpen(details);
  const returnTo = `${pathname}${search}`;
  const pageLink = (
    <a className="panel-page-link" href={localizePath(`/theme?${new URLSearchParams({ returnTo })}`, locale.code)}>
      {t('theme.choose')}
    </a>
  );

  // The palettes come when the panel opens, so a colour chosen in it paints at once. Should
  // they fail to load, the server's answer paints the choice a round trip later.
  function loadPalettesOnOpen() {
    if (details.current?.open) loadPalettes().catch(() => undefined);
  }

  return (
    <details className="theme-picker" ref={details} onToggle={loadPalettesOnOpen}>
      <summary>
        <PaletteIcon />
        <span className="theme-picker-label">{t('theme.label')}</span>
      </summary>
      {/* Until the form and its code are here, the link to its page stands in. */}
      <Suspense fallback={pageLink}>{shown ? <ThemeForm returnTo={returnTo} live /> : pageLink}</Suspense>
    </details>
  );
}

function PaletteIcon() {
  return (
    <svg className="theme-icon" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
      <path
        d="M12 3a9 9 0 0 0 0 18c1.1 0 1.8-.8 1.8-1.7 0-.5-.2-.9-.5-1.2-.3-.3-.5-.7-.5-1.2 0-.9.8-1.7 1.7-1.7H16.6A4.4 4.4 0 0 0 21 10.8C21 6.5 17 3 12 3Z"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinejoin="round"
      />
      <circle cx="7.5" cy="11" r="1.5" fill="currentColor" />
      <circle cx="10.5" cy="7" r="1.5" fill="currentColor" />
      <circle cx="15.5" cy="7.5" r="1.5" fill="currentColor" />
    </svg>
  );
}

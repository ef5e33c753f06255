import { useRef } from 'react';
import { useFetcher, useLocation } from 'react-router';
import { useI18n } from '../platform/i18n/i18n-context.tsx';
import type { MessageKey } from '../platform/i18n/translator.ts';
import { CsrfField } from '../platform/session/csrf-field.tsx';
import { loadPalettes } from '../platform/theme/palette-loader.ts';
import { CORNER_RADII, DEFAULT_THEME, THEME_COLOURS, THEME_MODES } from '../platform/theme/theme.ts';
import { THEME_FETCHER_KEY, useDisplayedTheme } from '../platform/theme/use-theme.ts';
import { useDismissableDetails } from '../ui/use-dismissable-details.ts';
import { useHydrated } from '../ui/use-hydrated.ts';

/**
 * The theme colour picker panel of spec §2 (Header): colour, light or dark, and corners.
 * A plain form posting to /set-theme, so it works before JavaScript loads (choose, then
 * Apply); with JavaScript every change is posted by a fetcher at once and the page repaints
 * while it travels, without a reload. Nothing is remounted, so focus stays on the radio the
 * shopper just moved to, and arrow keys keep walking through the colours.
 */
export function ThemePicker() {
  const { t } = useI18n();
  const { pathname, search } = useLocation();
  const fetcher = useFetcher({ key: THEME_FETCHER_KEY });
  const theme = useDisplayedTheme() ?? DEFAULT_THEME;
  const hydrated = useHydrated();
  const details = useRef<HTMLDetailsElement>(null);
  useDismissableDetails(details, { stayOpenOnNavigation: true });

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
      <fetcher.Form
        method="post"
        action="/set-theme"
        className="theme-panel"
        onChange={(event) => fetcher.submit(event.currentTarget, { preventScrollReset: true })}
      >
        <CsrfField />
        <input type="hidden" name="returnTo" value={`${pathname}${search}`} />
        <fieldset className="theme-colours">
          <legend>{t('theme.colour')}</legend>
          {THEME_COLOURS.map((colour) => (
            <label key={colour}>
              <input type="radio" name="colour" value={colour} defaultChecked={colour === theme.colour} />
              <span className="theme-swatch" data-colour={colour} aria-hidden="true" />
              {t(`theme.colour.${colour}` as MessageKey)}
            </label>
          ))}
        </fieldset>
        <fieldset className="theme-options">
          <legend>{t('theme.mode')}</legend>
          {THEME_MODES.map((mode) => (
            <label key={mode}>
              <input type="radio" name="mode" value={mode} defaultChecked={mode === theme.mode} />
              {mode === 'dark' ? <MoonIcon /> : <SunIcon />}
              {t(`theme.mode.${mode}` as MessageKey)}
            </label>
          ))}
        </fieldset>
        <fieldset className="theme-options">
          <legend>{t('theme.radius')}</legend>
          {CORNER_RADII.map((radius) => (
            <label key={radius}>
              <input type="radio" name="radius" value={radius} defaultChecked={radius === theme.radius} />
              <span className="theme-corner" data-radius={radius} aria-hidden="true" />
              {t(`theme.radius.${radius}` as MessageKey)}
            </label>
          ))}
        </fieldset>
        {/* With JavaScript each choice applies as it is made; without, this sends them. */}
        {hydrated ? null : (
          <button type="submit" className="button">
            {t('theme.apply')}
          </button>
        )}
      </fetcher.Form>
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

function SunIcon() {
  return (
    <svg className="theme-icon" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
      <circle cx="12" cy="12" r="4" fill="none" stroke="currentColor" strokeWidth="2" />
      <path
        d="M12 2v2M12 20v2M4.9 4.9l1.4 1.4M17.7 17.7l1.4 1.4M2 12h2M20 12h2M4.9 19.1l1.4-1.4M17.7 6.3l1.4-1.4"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
      />
    </svg>
  );
}

function MoonIcon() {
  return (
    <svg className="theme-icon" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
      <path
        d="M20 14.5A8 8 0 0 1 9.5 4 8 8 0 1 0 20 14.5Z"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinejoin="round"
      />
    </svg>
  );
}

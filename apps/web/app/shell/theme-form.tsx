import { useFetcher } from 'react-router';
import { useI18n } from '../platform/i18n/i18n-context.tsx';
import type { MessageKey } from '../platform/i18n/translator.ts';
import { CsrfField } from '../platform/session/csrf-field.tsx';
import { CORNER_RADII, DEFAULT_THEME, THEME_COLOURS, THEME_MODES } from '../platform/theme/theme.ts';
import { THEME_FETCHER_KEY, useDisplayedTheme } from '../platform/theme/use-theme.ts';
import { useHydrated } from '../ui/use-hydrated.ts';

/**
 * A plain form posting to /set-theme, so it works before JavaScript loads (choose, then
 * Apply). `live` (the header's panel): with JavaScript every change is posted by a fetcher at
 * once and the page repaints while it travels, without a reload. Nothing is remounted, so
 * focus stays on the radio the shopper just moved to, and arrow keys keep walking through the
 * colours. On its own page the choices go together with Apply, and the shopper goes back.
 */
export function ThemeForm({ returnTo, live = false }: { returnTo: string; live?: boolean }) {
  const { t } = useI18n();
  const fetcher = useFetcher({ key: THEME_FETCHER_KEY });
  const theme = useDisplayedTheme() ?? DEFAULT_THEME;
  const hydrated = useHydrated();
  const fields = (
    <>
      <CsrfField />
      <input type="hidden" name="returnTo" value={returnTo} />
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
      {/* With JavaScript each choice in the panel applies as it is made; elsewhere this sends them. */}
      {live && hydrated ? null : (
        <button type="submit" className="button">
          {t('theme.apply')}
        </button>
      )}
    </>
  );
  if (!live)
    return (
      <form method="post" action="/set-theme" className="theme-panel">
        {fields}
      </form>
    );
  return (
    <fetcher.Form
      method="post"
      action="/set-theme"
      className="theme-panel"
      onChange={(event) => fetcher.submit(event.currentTarget, { preventScrollReset: true })}
    >
      {fields}
    </fetcher.Form>
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

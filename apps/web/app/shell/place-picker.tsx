import { useLocation } from 'react-router';
import { useI18n } from '../platform/i18n/i18n-context.tsx';
import { localizePath, unlocalizePath } from '../platform/i18n/locales.ts';
import { AppLink } from '../platform/navigation/app-link.tsx';
import { useRootData } from '../platform/root-data/root-data.ts';
import { SearchBox } from './search-box.tsx';
import { PinIcon } from './shell-icons.tsx';

/**
 * Where the shopper is, under the header (issue 11): "Delivering to Nairobi", a link to /place
 * where the cities are chosen (routes/shell/place-page.tsx), as delivery apps open their
 * location chooser. The cities' list rides on that page only, not on every page's first round
 * trip (docs/performance.md).
 */
export function PlacePicker() {
  const { t, locale } = useI18n();
  const place = useRootData()?.place;
  const { pathname, search } = useLocation();
  if (!place?.current) return null;
  // On /place itself, the link keeps the page the shopper came from.
  const returnTo =
    unlocalizePath(pathname) === '/place'
      ? (new URLSearchParams(search).get('returnTo') ?? '/')
      : `${pathname}${search}`;
  return (
    <div className="place-bar">
      <AppLink className="place-summary" to={localizePath(`/place?${new URLSearchParams({ returnTo })}`, locale.code)}>
        <PinIcon />
        <span>{t('shell.place.current', { place: place.current.name })}</span>
      </AppLink>
      <SearchBox />
    </div>
  );
}

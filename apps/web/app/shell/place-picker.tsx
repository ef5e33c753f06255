import { useRef, useState } from 'react';
import { useLocation, useRouteLoaderData } from 'react-router';
import { useI18n } from '../platform/i18n/i18n-context.tsx';
import { nearestPlace, type ShownPlace } from '../platform/places/place.ts';
import { CsrfField } from '../platform/session/csrf-field.tsx';
import type { loader as rootLoader } from '../root.tsx';
import { useDismissableDetails } from '../ui/use-dismissable-details.ts';
import { useHydrated } from '../ui/use-hydrated.ts';
import { SearchBox } from './search-box.tsx';
import { PinIcon } from './shell-icons.tsx';

/**
 * Where the shopper is, under the header (issue 11): "Delivering to Nairobi"; a disclosure
 * opens a form with the cities grouped by country, posting to /set-location (works without
 * JavaScript). With JavaScript, "Use my location" asks for the position only when pressed and
 * picks the nearest city.
 */
export function PlacePicker() {
  const { t } = useI18n();
  const place = useRouteLoaderData<typeof rootLoader>('root')?.place;
  const ref = useRef<HTMLDetailsElement>(null);
  useDismissableDetails(ref);
  const { pathname, search } = useLocation();
  if (!place?.current) return null;
  const countries = [...new Set(place.places.map((entry) => entry.countryCode))];
  return (
    <div className="place-bar">
      <details ref={ref} className="place-picker">
        <summary className="place-summary">
          <PinIcon />
          <span>{t('shell.place.current', { place: place.current.name })}</span>
        </summary>
        <form method="post" action="/set-location" className="place-form">
          <CsrfField />
          <input type="hidden" name="returnTo" value={`${pathname}${search}`} />
          <label htmlFor="place-select">{t('shell.place.choose')}</label>
          <select id="place-select" name="place" defaultValue={place.current.slug}>
            {countries.map((country) => (
              <optgroup key={country} label={t(`shell.market.${country}`)}>
                {place.places
                  .filter((entry) => entry.countryCode === country)
                  .map((entry) => (
                    <option key={entry.slug} value={entry.slug}>
                      {entry.name}
                    </option>
                  ))}
              </optgroup>
            ))}
          </select>
          <div className="place-actions">
            <button type="submit">{t('shell.place.save')}</button>
            <UseMyLocation places={place.places} />
          </div>
        </form>
      </details>
      <SearchBox />
    </div>
  );
}

/** Only with JavaScript (the server renders nothing): the position is asked for on the press alone. */
function UseMyLocation({ places }: { places: readonly ShownPlace[] }) {
  const { t } = useI18n();
  const [state, setState] = useState<'idle' | 'asking' | 'failed'>('idle');
  const hydrated = useHydrated();
  const ref = useRef<HTMLButtonElement>(null);
  if (!hydrated || !('geolocation' in navigator)) return null;
  const locate = () => {
    setState('asking');
    navigator.geolocation.getCurrentPosition(
      (position) => {
        const nearest = nearestPlace(places, position.coords.latitude, position.coords.longitude);
        const form = ref.current?.form;
        const select = form?.elements.namedItem('place');
        if (!nearest || !form || !(select instanceof HTMLSelectElement)) return setState('failed');
        select.value = nearest.slug;
        form.requestSubmit();
      },
      () => setState('failed'),
      { maximumAge: 600_000, timeout: 15_000 },
    );
  };
  return (
    <>
      <button ref={ref} type="button" className="secondary" onClick={locate} disabled={state === 'asking'}>
        {t(state === 'asking' ? 'shell.place.locating' : 'shell.place.useMine')}
      </button>
      {state === 'failed' && (
        <p role="status" className="place-failed">
          {t('shell.place.failed')}
        </p>
      )}
    </>
  );
}

import { useRef, useState } from 'react';
import { placeContext } from '#app/context.ts';
import { privatePageMeta } from '#app/platform/http/private-page.ts';
import { useI18n } from '#app/platform/i18n/i18n-context.tsx';
import { localeOfPath, unlocalizePath } from '#app/platform/i18n/locales.ts';
import { translatorFor } from '#app/platform/i18n/messages.server.ts';
import { sameOriginPath } from '#app/platform/navigation/return-to.ts';
import { nearestPlace, type ShownPlace } from '#app/platform/places/place.ts';
import { CsrfField } from '#app/platform/session/csrf-field.tsx';
import laterStylesheet from '#app/styles/later.css?url';
import { useHydrated } from '#app/ui/use-hydrated.ts';
import type { Route } from './+types/place-page';

/**
 * `/place?returnTo=…`: where the header's place bar leads. The cities grouped by country, in a
 * form posting to /set-location (works without JavaScript), which remembers the city and its
 * country as the market and returns to `returnTo` (an address off the site returns home).
 * With JavaScript, "Use my location" asks for the position only when pressed and picks the
 * nearest city.
 */
export function loader({ url, context }: Route.LoaderArgs) {
  const t = translatorFor(localeOfPath(url.pathname).code);
  const { place, places } = context.get(placeContext);
  const returnTo = sameOriginPath(url.searchParams.get('returnTo'));
  return {
    title: `${t('shell.place.choose')} | ${t('site.name')}`,
    places: places.map(({ id: _id, ...shown }): ShownPlace => shown),
    current: place?.slug ?? null,
    // The place bar links from the page itself: never back to this chooser.
    returnTo: returnTo && !unlocalizePath(returnTo).startsWith('/place') ? returnTo : '/',
  };
}

/** The form's rules are in later.css, which this page needs at first paint. */
export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: laterStylesheet }];

export function meta({ loaderData }: Route.MetaArgs) {
  return privatePageMeta(loaderData?.title);
}

export default function PlacePage({ loaderData }: Route.ComponentProps) {
  const { t } = useI18n();
  const { places, current, returnTo } = loaderData;
  const countries = [...new Set(places.map((entry) => entry.countryCode))];
  return (
    <section className="preference-page" aria-labelledby="place-title">
      <h1 id="place-title">{t('shell.place.choose')}</h1>
      <form method="post" action="/set-location" className="place-form">
        <CsrfField />
        <input type="hidden" name="returnTo" value={returnTo} />
        <label htmlFor="place-select" className="visually-hidden">
          {t('shell.place.choose')}
        </label>
        <select id="place-select" name="place" defaultValue={current ?? undefined}>
          {countries.map((country) => (
            <optgroup key={country} label={t(`shell.market.${country}`)}>
              {places
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
          <UseMyLocation places={places} />
        </div>
      </form>
    </section>
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

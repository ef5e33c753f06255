import { useEffect, useRef, useState } from 'react';
import { useI18n } from '#app/platform/i18n/i18n-context.tsx';
import { localizePath } from '#app/platform/i18n/locales.ts';
import { providerPath } from '#app/platform/navigation/catalog-paths.ts';
import { useRootData } from '#app/platform/root-data/root-data.ts';
import type { MapOptions } from './draw-map.ts';
import type { ProviderCardView } from './provider-card.tsx';

/**
 * The map of a provider list (`?view=map`). The map's code and Leaflet load only here, after
 * the page is shown; the list beside it is the same list, so a blocked map or no JavaScript
 * loses nothing but the picture.
 */
export function ProviderMap({
  providers,
  cities,
}: {
  providers: readonly ProviderCardView[];
  cities: readonly { name: string; latitude: number; longitude: number }[];
}) {
  const { t, locale } = useI18n();
  const root = useRootData();
  const container = useRef<HTMLElement>(null);
  const [failed, setFailed] = useState(false);
  const place = root?.place.current;
  const tiles = root?.config.mapTiles ?? null;

  // What the map shows, as text: the page's data loads again after any form (a heart tapped on
  // a card) with new but equal lists, and drawing the map again would lose the shopper's pan
  // and zoom. It is drawn again only when this changes.
  const drawing = JSON.stringify({
    markers: providers.map((provider) => ({
      name: provider.name,
      href: localizePath(providerPath(provider.service, provider.slug), locale.code),
      latitude: provider.latitude,
      longitude: provider.longitude,
      open: provider.openNow,
    })),
    centre: place ? { latitude: place.latitude, longitude: place.longitude } : null,
    cities,
    tiles,
    labels: { basemap: t('catalog.map.basemap'), you: t('catalog.map.you', { place: place?.name ?? '' }) },
  } satisfies Omit<MapOptions, 'container'>);

  useEffect(() => {
    const element = container.current;
    if (!element) return;
    let remove: (() => void) | undefined;
    let cancelled = false;
    const shown = JSON.parse(drawing) as Omit<MapOptions, 'container'>;
    import('./draw-map.ts')
      .then(({ drawMap }) => drawMap({ container: element, ...shown }))
      .then((cleanup) => {
        if (cancelled) cleanup();
        else remove = cleanup;
      })
      // A blocked script or basemap: the notice says so, the list is still there.
      .catch(() => setFailed(true));
    return () => {
      cancelled = true;
      remove?.();
    };
  }, [drawing]);

  return (
    <div className="catalog-map-frame">
      <section ref={container} className="catalog-map" aria-label={t('catalog.map.label')} />
      {failed && <p className="catalog-notice">{t('catalog.map.failed')}</p>}
    </div>
  );
}

import { useEffect, useRef, useState } from 'react';
import { useI18n } from '#app/platform/i18n/i18n-context.tsx';
import type { MessageKey } from '#app/platform/i18n/translator.ts';
import { useRootData } from '#app/platform/root-data/root-data.ts';
import { useHydrated } from '#app/ui/use-hydrated.ts';
import type { PinMap } from './pin-map.ts';

type Point = { latitude: number; longitude: number };

/** The texts that say what the pin marks. */
export interface PinTexts {
  label: MessageKey;
  map: MessageKey;
  hint: MessageKey;
  noScript: MessageKey;
}

const DELIVERY_TEXTS: PinTexts = {
  label: 'commerce.pin.label',
  map: 'commerce.pin.map',
  hint: 'commerce.pin.hint',
  noScript: 'commerce.pin.noScript',
};

/**
 * Where the rider should come: the delivery pin. It starts at the centre of the shopper's place;
 * with JavaScript a map lets them tap their door and "use where I am" asks the phone. The pin
 * travels in two hidden fields, so without JavaScript the form still sends the centre, and the
 * landmarks field tells the rider the rest.
 */
export function AddressPin({
  start,
  error,
  texts = DELIVERY_TEXTS,
  onMove,
}: {
  start: Point | null;
  error?: string | undefined;
  /** What the pin stands for, where it is not a delivery's door (a shop's workplace). */
  texts?: PinTexts;
  /** Told where the shopper put the pin (a tap, a drag, "use where I am"). */
  onMove?: ((pin: Point) => void) | undefined;
}) {
  const { t } = useI18n();
  const hydrated = useHydrated();
  const root = useRootData();
  const tiles = root?.config.mapTiles ?? null;
  const [pin, setPin] = useState<Point | null>(start);
  // The map is drawn where the pin is: a page whose data loads again (after a refusal, or priced
  // for the pin) hands a new but equal `start`, and must not put the pin back at the centre.
  const current = useRef(pin);
  current.current = pin;
  const told = useRef(onMove);
  told.current = onMove;
  const startLatitude = start?.latitude;
  const startLongitude = start?.longitude;
  const [status, setStatus] = useState<'idle' | 'locating' | 'located' | 'denied' | 'failed'>('idle');
  const container = useRef<HTMLDivElement>(null);
  const map = useRef<PinMap | null>(null);
  // The map is drawn once; its labels are read when it is, not a reason to draw it again.
  const labels = useRef({ basemap: '', pin: '' });
  labels.current = { basemap: t('commerce.pin.basemap'), pin: t(texts.label) };

  useEffect(() => {
    const element = container.current;
    if (!hydrated || !element || startLatitude === undefined || startLongitude === undefined) return;
    let cancelled = false;
    const draw = () =>
      import('./pin-map.ts')
        .then(({ drawPinMap }) =>
          drawPinMap({
            container: element,
            pin: current.current ?? { latitude: startLatitude, longitude: startLongitude },
            tiles,
            labels: labels.current,
            onMove: (moved) => {
              setPin(moved);
              told.current?.(moved);
            },
          }),
        )
        .then((drawn) => {
          if (cancelled) drawn.remove();
          else map.current = drawn;
        })
        .catch(() => setStatus('failed'));
    // Leaflet and its styles (some 57 KB) load as the map nears the screen: a shopper who never
    // scrolls to it (a saved address, "use where I am") does not wait for them on 2G.
    const near = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        near.disconnect();
        draw();
      },
      { rootMargin: '25% 0px' },
    );
    near.observe(element);
    return () => {
      cancelled = true;
      near.disconnect();
      map.current?.remove();
      map.current = null;
    };
  }, [hydrated, startLatitude, startLongitude, tiles]);

  const locate = () => {
    if (!navigator.geolocation) return setStatus('failed');
    setStatus('locating');
    navigator.geolocation.getCurrentPosition(
      (position) => {
        const here = {
          latitude: Math.round(position.coords.latitude * 1e6) / 1e6,
          longitude: Math.round(position.coords.longitude * 1e6) / 1e6,
        };
        setPin(here);
        map.current?.moveTo(here);
        setStatus('located');
        told.current?.(here);
      },
      (failure) => setStatus(failure.code === failure.PERMISSION_DENIED ? 'denied' : 'failed'),
      { enableHighAccuracy: true, timeout: 15_000, maximumAge: 60_000 },
    );
  };

  return (
    <div className="address-pin">
      <input type="hidden" name="latitude" value={pin ? String(pin.latitude) : ''} />
      <input type="hidden" name="longitude" value={pin ? String(pin.longitude) : ''} />
      <p className="field-hint" id="pin-hint">
        {hydrated ? t(texts.hint) : t(texts.noScript)}
      </p>
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
      {hydrated && (
        <>
          <div ref={container} className="pin-map" role="application" aria-label={t(texts.map)} />
          <button type="button" className="button-quiet" onClick={locate} disabled={status === 'locating'}>
            {t('commerce.pin.locate')}
          </button>
          <p className="field-hint" role="status">
            {status === 'locating'
              ? t('commerce.pin.locating')
              : status === 'located'
                ? t('commerce.pin.located')
                : status === 'denied'
                  ? t('commerce.pin.denied')
                  : status === 'failed'
                    ? t('commerce.pin.failed')
                    : ''}
          </p>
        </>
      )}
    </div>
  );
}

import type { RiderPositionEvent } from '@malewa/contracts/delivery/rider';
import type { Order } from '@malewa/contracts/orders/order';
import { useEffect, useRef } from 'react';
import { useI18n } from '#app/platform/i18n/i18n-context.tsx';
import { dateTimeFormat } from '#app/platform/i18n/intl-formats.ts';
import { intlLanguage } from '#app/platform/i18n/locales.ts';
import { useRootData } from '#app/platform/root-data/root-data.ts';
import { useHydrated } from '#app/ui/use-hydrated.ts';
import type { TrackMap } from './track-map.ts';

/**
 * An order's delivery on its page: the code only its shopper sees, who is bringing it and how,
 * and once it is picked up the rider on a map with an ETA. `position` is the newest the page
 * knows: the loader's, then each `rider.position` event (the map moves without a reload).
 * Without JavaScript the page shows the last position's time and ETA, and reloads itself.
 */
export function DeliveryCard({
  order,
  position,
}: {
  order: Pick<Order, 'delivery' | 'deliveryCode' | 'address' | 'status' | 'timeZone'>;
  position: RiderPositionEvent | null;
}) {
  const { t, locale } = useI18n();
  const delivery = order.delivery;
  if (!delivery && !order.deliveryCode) return null;
  const rider = delivery?.rider;
  const moving = delivery?.status === 'picked_up' && rider;
  const time = dateTimeFormat(intlLanguage(locale.iso), { timeStyle: 'short', timeZone: order.timeZone });
  return (
    <section className="order-card delivery-card" aria-labelledby="delivery-title">
      <h2 id="delivery-title">{t('commerce.track.title')}</h2>
      {order.deliveryCode && (
        <div className="delivery-code">
          <p>{t('commerce.track.code')}</p>
          <p className="delivery-code-digits" dir="ltr" data-testid="delivery-code">
            {order.deliveryCode}
          </p>
          <p className="card-meta">{t('commerce.track.codeHint')}</p>
        </div>
      )}
      {delivery?.status === 'searching' && <p>{t('commerce.track.searching')}</p>}
      {rider && delivery?.status === 'assigned' && (
        <p data-testid="rider-name">
          {t('commerce.track.assigned', { rider: rider.firstName, vehicle: rider.vehicle })}
        </p>
      )}
      {moving && (
        <p data-testid="rider-name">
          {t('commerce.track.onTheWay', { rider: rider.firstName, vehicle: rider.vehicle })}
        </p>
      )}
      {rider && delivery?.status === 'delivered' && <p>{t('commerce.track.delivered', { rider: rider.firstName })}</p>}
      {delivery?.codeLocked && delivery.status === 'picked_up' && (
        <p className="notice">{t('commerce.track.locked')}</p>
      )}
      {moving && position && (
        <>
          <p aria-live="polite" data-testid="rider-eta">
            {position.etaMinutes !== null && <>{t('commerce.track.eta', { minutes: position.etaMinutes })} </>}
            <span className="card-meta">
              {t('commerce.track.lastSeen', { time: time.format(new Date(position.at)) })}
            </span>
          </p>
          <RiderMap door={order.address} position={position} />
        </>
      )}
    </section>
  );
}

/** The map, drawn once with JavaScript; each newer position moves the rider's marker. */
function RiderMap({ door, position }: { door: { latitude: number; longitude: number }; position: RiderPositionEvent }) {
  const { t } = useI18n();
  const hydrated = useHydrated();
  const root = useRootData();
  const tiles = root?.config.mapTiles ?? null;
  const container = useRef<HTMLDivElement>(null);
  const map = useRef<TrackMap | null>(null);
  const latest = useRef(position);
  latest.current = position;
  const labels = useRef({ basemap: '', rider: '', door: '' });
  labels.current = {
    basemap: t('commerce.pin.basemap'),
    rider: t('commerce.track.rider'),
    door: t('commerce.track.door'),
  };

  const { latitude, longitude } = door;
  useEffect(() => {
    const element = container.current;
    if (!hydrated || !element) return;
    let cancelled = false;
    import('./track-map.ts')
      .then(({ drawTrackMap }) =>
        drawTrackMap({
          container: element,
          door: { latitude, longitude },
          rider: latest.current,
          tiles,
          labels: labels.current,
        }),
      )
      .then((drawn) => {
        if (cancelled) drawn.remove();
        else {
          map.current = drawn;
          drawn.moveRider(latest.current);
        }
      })
      .catch(() => {
        // No map (Leaflet or the basemap did not load): the ETA and time above still say it.
      });
    return () => {
      cancelled = true;
      map.current?.remove();
      map.current = null;
    };
  }, [hydrated, latitude, longitude, tiles]);

  useEffect(() => {
    map.current?.moveRider(position);
  }, [position]);

  if (!hydrated) return null;
  return <div ref={container} className="pin-map track-map" role="img" aria-label={t('commerce.track.map')} />;
}

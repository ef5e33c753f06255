import type { Money } from '@malewa/contracts/catalog/catalog-card';
import { distanceKm } from '@malewa/contracts/delivery/eta';
import type { RiderJob } from '@malewa/contracts/delivery/rider-job';
import { MAX_CODE_TRIES } from '@malewa/contracts/delivery/vocabulary';
import type { JobView } from './job-repository.ts';
import type { RiderRow } from './rider-repository.ts';

const round = (km: number) => Math.round(km * 10) / 10;

/**
 * A job as its rider reads it. The shopper's particulars (name, phone, exact pin, landmarks)
 * only while the job is theirs and not yet handed over: an offer says only the area.
 */
export function presentRiderJob(job: JobView, rider: RiderRow, offerExpiresAt: Date | null): RiderJob {
  const mine = job.riderId === rider.id && (job.status === 'assigned' || job.status === 'picked_up');
  const address = job.order.address;
  const cashDue = job.order.paymentMethod === 'cash' ? job.order.total - job.order.creditUsed : 0;
  const money = (amount: number) => ({ amount, currency: job.order.currency }) as Money;
  return {
    id: job.id,
    orderId: job.orderId,
    orderRef: job.orderId.slice(0, 8).toUpperCase(),
    status: job.status,
    offerExpiresAt: offerExpiresAt?.toISOString() ?? null,
    pickup: {
      shop: job.shop.name,
      street: job.shop.street,
      area: job.shop.area,
      latitude: job.shop.latitude,
      longitude: job.shop.longitude,
      distanceKm:
        rider.latitude === null || rider.longitude === null
          ? null
          : round(distanceKm({ latitude: rider.latitude, longitude: rider.longitude }, job.shop)),
    },
    itemsCount: job.order.itemsCount,
    orderStatus: job.order.status,
    dropOff: {
      area: address.area,
      city: address.city,
      distanceKm: round(distanceKm(job.shop, address)),
      details: mine
        ? {
            recipient: address.recipient.split(/\s+/)[0] ?? address.recipient,
            phone: address.phone,
            line: address.line,
            instructions: address.instructions ?? null,
            latitude: address.latitude,
            longitude: address.longitude,
          }
        : null,
    },
    cash:
      cashDue > 0
        ? {
            due: money(cashDue),
            changeFor: job.order.changeFor === null ? null : money(job.order.changeFor),
          }
        : null,
    codeTriesLeft: Math.max(0, MAX_CODE_TRIES - job.codeTries),
  };
}

import { etaMinutes, recentSpeedKmh } from '@malewa/contracts/delivery/eta';
import { MAX_CODE_TRIES } from '@malewa/contracts/delivery/vocabulary';
import type { Order } from '@malewa/contracts/orders/order';
import type { OrderJob, OrderRow } from './order-repository.ts';

/** An order as its shop sees it: everything but the delivery code, which is the shopper's proof. */
export function presentShopOrder(row: OrderRow): Order {
  return { ...presentOrder(row), deliveryCode: null };
}

/** The delivery as shopper and shop see it: the rider on the map only between pickup and the door. */
function presentDelivery(job: OrderJob, to: { latitude: number; longitude: number }): Order['delivery'] {
  const [last] = job.positions;
  const tracked = job.status === 'picked_up' && last && job.rider;
  return {
    status: job.status,
    rider: job.rider,
    position: tracked
      ? { latitude: last.latitude, longitude: last.longitude, accuracy: last.accuracy, at: last.at.toISOString() }
      : null,
    etaMinutes: tracked && job.rider ? etaMinutes(last, to, job.rider.vehicle, recentSpeedKmh(job.positions)) : null,
    codeLocked: job.codeTries >= MAX_CODE_TRIES,
  };
}

/**
 * An order as the API shows its shopper: money as amounts in the order's currency, quantities
 * in units, and the delivery code while it is still to be given.
 */
export function presentOrder(row: OrderRow): Order {
  const money = (amount: number) => ({ amount, currency: row.currency }) as Order['total'];
  return {
    id: row.id,
    checkoutId: row.checkoutId,
    service: row.service,
    countryCode: row.countryCode as Order['countryCode'],
    provider: row.provider,
    status: row.status,
    payment: {
      method: row.paymentMethod,
      status: row.paymentStatus,
      changeFor: row.changeFor === null ? null : money(row.changeFor),
    },
    lines: row.lines.map((line) => ({
      itemSlug: line.itemSlug,
      name: line.name,
      choices: line.choices.map((choice) => ({
        option: choice.option,
        choice: choice.choice,
        price: money(choice.priceMinor),
      })),
      quantity: line.quantityMilli / 1000,
      unitPrice: money(line.unitPrice),
      total: money(line.total),
      booking:
        line.startsAt && line.guests !== null
          ? {
              startsAt: line.startsAt.toISOString(),
              endsAt: (row.bookingEnds.get(line.id) ?? line.startsAt).toISOString(),
              guests: line.guests,
              timeZone: row.timeZone,
            }
          : null,
      substitution: line.substitution,
      substitute: line.substitute,
    })),
    subtotal: money(row.subtotal),
    deliveryFee: money(row.deliveryFee),
    discounts: row.discounts.map(({ amount, ...line }) => ({ ...line, amount: money(amount) })),
    discount: money(row.discount),
    tip: money(row.tip),
    total: money(row.total),
    creditUsed: money(row.creditUsed),
    couponCode: row.couponCode,
    rejectReason: row.rejectReason,
    // A shop always says why it rejects; only the time-out rejects without a reason.
    closedBecause: row.status === 'rejected' && row.rejectReason === null ? 'no_answer' : null,
    rating: row.rating,
    address: row.address,
    etaMinutes: row.etaMinutes,
    scheduledFor: row.scheduledFor?.toISOString() ?? null,
    timeZone: row.timeZone,
    placedAt: row.createdAt.toISOString(),
    tax: row.tax
      ? {
          lines: row.tax.lines.map((line) => ({
            rate: line.rate,
            taxable: money(line.taxable),
            amount: money(line.amount),
          })),
          exempt: money(row.tax.exempt),
        }
      : null,
    invoice:
      row.invoiceNumber && row.deliveredAt
        ? { number: row.invoiceNumber, issuedAt: row.deliveredAt.toISOString() }
        : null,
    delivery: row.job ? presentDelivery(row.job, row.address) : null,
    // Until the order is handed over; a chef comes to cook, and no rider asks for it.
    deliveryCode:
      row.service !== 'chef' && !['delivered', 'rejected', 'cancelled'].includes(row.status) ? row.deliveryCode : null,
  };
}

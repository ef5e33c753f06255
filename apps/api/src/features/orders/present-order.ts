import type { Order } from '@malewa/contracts/orders/order';
import type { OrderRow } from './order-repository.ts';

/** An order as the API shows it: money as amounts in the order's currency, quantities in units. */
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
  };
}

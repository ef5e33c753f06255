import type { CountryCode } from '@malewa/contracts/country-codes';
import { AppError } from '#api/app-error.ts';
import { type InvoiceOrder, renderInvoice } from '#api/messages/invoice.ts';
import type { Principal } from '#api/plugins/access-control.ts';
import { rateAt } from '#api/pricing/tax-rates.ts';
import type { OrderRepository } from './order-repository.ts';

/**
 * One of the shopper's delivered orders' invoice, as a printable page in their language: a tax
 * invoice from a shop registered for VAT, else a receipt. It reads what the order stored when it
 * was placed (its VAT per rate, the seller's particulars) and delivered (its number, its date),
 * never working anything out again (docs/decisions/0032). Anyone else's order is not found.
 */
export async function getOrderInvoice(
  deps: { orders: OrderRepository },
  principal: Principal,
  orderId: string,
  language: string | undefined,
): Promise<string> {
  const row = await deps.orders.orderOf(principal.userId, orderId);
  if (!row) throw new AppError('NOT_FOUND', 'No such order');
  if (row.status !== 'delivered' || !row.deliveredAt) {
    throw new AppError('CONFLICT', 'An order’s invoice is issued when it is delivered, and this one is not yet');
  }
  if (!row.invoiceNumber) {
    throw new AppError('CONFLICT', 'This order was delivered before invoices were numbered: ask the shop for one');
  }
  const placedAt = row.placedAt ?? row.createdAt;
  const countryCode = row.countryCode as CountryCode;
  const invoice: InvoiceOrder = {
    countryCode,
    currency: row.currency,
    timeZone: row.timeZone,
    number: row.invoiceNumber,
    issuedAt: row.deliveredAt,
    placedAt,
    reference: row.id,
    seller: row.seller ?? { name: row.provider.name, legalName: null, vatNumber: null, address: '' },
    buyer: row.address,
    lines: row.lines.map((line) => ({
      name: line.name,
      choices: line.choices,
      quantity: line.quantityMilli / 1000,
      unitPrice: line.unitPrice,
      total: line.total,
      taxClass: line.taxClass,
      // The rate the order's VAT was worked out at: the one in force when it was placed.
      rate: row.tax ? rateAt(countryCode, line.taxClass, placedAt) : null,
    })),
    subtotal: row.subtotal,
    deliveryFee: row.deliveryFee,
    discounts: row.discounts.map((line) => ({ label: line.label, amount: line.amount })),
    tip: row.tip,
    total: row.total,
    creditUsed: row.creditUsed,
    tax: row.tax,
  };
  return renderInvoice(invoice, language ?? 'en');
}

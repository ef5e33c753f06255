import type { DiscountLine } from '@malewa/contracts/carts/discount-line';
import type { Money } from '@malewa/contracts/catalog/catalog-card';
import type { Translate } from '#app/platform/i18n/translator.ts';

/**
 * A discount's name as the shopper reads it: the offer's own title, else what it gives in the
 * page's language ("10% off", "R 20,00 off", "Free delivery", the offers page's words); a
 * coupon's code follows, so the shopper sees which of theirs it is. The keys come with the
 * page's data (`vocabularyOf`, for its `discounts`).
 */
export function discountName(
  line: Pick<DiscountLine, 'title' | 'kind' | 'value' | 'code' | 'amount'>,
  t: Translate,
  money: (money: Money) => string,
): string {
  const described =
    line.title ??
    (line.kind === 'percent'
      ? t('catalog.offer.percent', { percent: line.value })
      : line.kind === 'fixed'
        ? t('catalog.offer.fixed', { amount: money({ amount: line.value, currency: line.amount.currency }) })
        : t('catalog.offer.freeDelivery'));
  return line.code ? `${described} · ${line.code}` : described;
}

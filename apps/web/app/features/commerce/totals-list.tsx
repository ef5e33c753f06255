import type { DiscountLine } from '@malewa/contracts/carts/discount-line';
import type { Money } from '@malewa/contracts/catalog/catalog-card';
import { useI18n } from '#app/platform/i18n/i18n-context.tsx';
import { useFormatMoney } from '#app/platform/money/use-money.ts';
import { LtrText } from '#app/ui/ltr-text.tsx';
import { discountName } from './discount-name.ts';

/** A discount as a list of totals names it: with its shop where several shops share the list. */
export type ShownDiscount = DiscountLine & { shop?: string };

/**
 * Subtotal, delivery, each discount by name, and the total: a cart's, a checkout's, an order's.
 * Delivery shows what is paid for it, the fee before struck through and the offer named, so
 * free delivery reads as a fee of 0 (docs/decisions/0032-one-pricing-rule.md).
 */
export function TotalsList({
  subtotal,
  delivery,
  discounts,
  tip,
  total,
  creditUsed,
}: {
  subtotal: Money;
  delivery: Money;
  discounts: readonly ShownDiscount[];
  /** An order's tip, inside its total. */
  tip?: Money;
  total: Money;
  /** What store credit paid of an order's total. */
  creditUsed?: Money;
}) {
  const { t } = useI18n();
  const money = useFormatMoney();
  const named = (line: ShownDiscount) => {
    const name = discountName(line, t, money);
    return line.shop ? `${name} · ${line.shop}` : name;
  };
  const onDelivery = discounts.filter((line) => line.appliesTo === 'delivery');
  const onGoods = discounts.filter((line) => line.appliesTo === 'goods');
  const deliveryOff = onDelivery.reduce((sum, line) => sum + line.amount.amount, 0);
  return (
    <dl className="totals">
      <dt>{t('commerce.cart.subtotal')}</dt>
      <dd>
        <LtrText>{money(subtotal)}</LtrText>
      </dd>
      <dt>
        {t('commerce.cart.delivery')}
        {onDelivery.length > 0 && <span className="totals-offer"> ({onDelivery.map(named).join(', ')})</span>}
      </dt>
      <dd>
        {deliveryOff > 0 && (
          <>
            <del>
              <LtrText>{money(delivery)}</LtrText>
            </del>{' '}
          </>
        )}
        <LtrText>{money({ ...delivery, amount: delivery.amount - deliveryOff })}</LtrText>
      </dd>
      {onGoods.map((line) => (
        <DiscountRow
          key={`${line.source}-${line.offerId}-${line.shop ?? ''}`}
          name={named(line)}
          amount={line.amount}
        />
      ))}
      {tip && tip.amount > 0 && (
        <>
          <dt>{t('commerce.totals.tip')}</dt>
          <dd>
            <LtrText>{money(tip)}</LtrText>
          </dd>
        </>
      )}
      <dt className="total">{t('commerce.cart.total')}</dt>
      <dd className="total">
        <LtrText>{money(total)}</LtrText>
      </dd>
      {creditUsed && creditUsed.amount > 0 && <DiscountRow name={t('commerce.totals.credit')} amount={creditUsed} />}
    </dl>
  );
}

function DiscountRow({ name, amount }: { name: string; amount: Money }) {
  const money = useFormatMoney();
  return (
    <>
      <dt className="totals-discount">{name}</dt>
      <dd className="totals-discount">
        <LtrText>{`−${money(amount)}`}</LtrText>
      </dd>
    </>
  );
}

/** A cart's discounts, each with its shop's name when the cart has several shops. */
export function cartDiscounts(cart: {
  groups: readonly { provider: { name: string }; discounts: readonly DiscountLine[] }[];
}): ShownDiscount[] {
  const several = cart.groups.length > 1;
  return cart.groups.flatMap((group) =>
    group.discounts.map((line) => (several ? { ...line, shop: group.provider.name } : line)),
  );
}

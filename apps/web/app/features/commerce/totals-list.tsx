import type { Money } from '@malewa/contracts/catalog/catalog-card';
import { useI18n } from '#app/platform/i18n/i18n-context.tsx';
import { useFormatMoney } from '#app/platform/money/use-money.ts';
import { LtrText } from '#app/ui/ltr-text.tsx';

/** Subtotal, delivery, the discount when there is one, and the total: a cart's, a checkout's, an order's. */
export function TotalsList({
  subtotal,
  delivery,
  discount,
  total,
}: {
  subtotal: Money;
  delivery: Money;
  discount: Money;
  total: Money;
}) {
  const { t } = useI18n();
  const money = useFormatMoney();
  return (
    <dl className="totals">
      <dt>{t('commerce.cart.subtotal')}</dt>
      <dd>
        <LtrText>{money(subtotal)}</LtrText>
      </dd>
      <dt>{t('commerce.cart.delivery')}</dt>
      <dd>
        <LtrText>{money(delivery)}</LtrText>
      </dd>
      {discount.amount > 0 && (
        <>
          <dt>{t('commerce.cart.discount')}</dt>
          <dd>
            <LtrText>{`−${money(discount)}`}</LtrText>
          </dd>
        </>
      )}
      <dt className="total">{t('commerce.cart.total')}</dt>
      <dd className="total">
        <LtrText>{money(total)}</LtrText>
      </dd>
    </dl>
  );
}

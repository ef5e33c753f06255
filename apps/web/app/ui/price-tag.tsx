import type { Money } from '@malewa/contracts/catalog/catalog-card';
import { useI18n } from '../platform/i18n/i18n-context.tsx';
import { useVocabulary } from '../platform/i18n/use-vocabulary.ts';
import { useFormatMoney, useZwgPrice } from '../platform/money/use-money.ts';
import { LtrText } from './ltr-text.tsx';

/** "KSh 1,200 per plate": the price in the market's currency per the item's unit (in Zimbabwe, ZiG beside US$). */
export function PriceTag({ price, unit }: { price: Money; unit: string }) {
  const { t } = useI18n();
  const label = useVocabulary();
  const money = useFormatMoney();
  const zwg = useZwgPrice()(price);
  return (
    <p className="price-tag">
      <strong>
        <LtrText>{money(price)}</LtrText>
      </strong>{' '}
      <span className="price-unit">{label('unit', unit)}</span>
      {zwg && (
        <span className="price-zwg" title={t('catalog.price.zwgRate', { date: zwg.date })}>
          {' '}
          · <LtrText>{zwg.text}</LtrText>
        </span>
      )}
    </p>
  );
}

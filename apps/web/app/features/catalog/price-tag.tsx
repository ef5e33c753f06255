import type { Money } from '@malewa/contracts/catalog/catalog-card';
import { useI18n } from '../../platform/i18n/i18n-context.tsx';
import { LtrText } from '../../ui/ltr-text.tsx';
import { useFormatMoney, useZwgPrice } from './use-money.ts';
import { useVocabulary } from './use-vocabulary.ts';

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

import type { Money } from '@malewa/contracts/catalog/catalog-card';
import { LtrText } from '../../ui/ltr-text.tsx';
import { useFormatMoney } from './use-money.ts';
import { useVocabulary } from './use-vocabulary.ts';

/** "KSh 1,200 / plate": the price in the market's currency per the item's unit. */
export function PriceTag({ price, unit }: { price: Money; unit: string }) {
  const label = useVocabulary();
  const money = useFormatMoney();
  return (
    <p className="price-tag">
      <strong>
        <LtrText>{money(price)}</LtrText>
      </strong>{' '}
      <span className="price-unit">{label('unit', unit)}</span>
    </p>
  );
}

import type { ItemDetail } from '@malewa/contracts/catalog/get-catalog-entry';
import { Form, useLocation, useNavigation } from 'react-router';
import { useI18n } from '#app/platform/i18n/i18n-context.tsx';
import { localizePath } from '#app/platform/i18n/locales.ts';
import { useVocabulary } from '#app/platform/i18n/use-vocabulary.ts';
import { useFormatMoney } from '#app/platform/money/use-money.ts';
import { CsrfField } from '#app/platform/session/csrf-field.tsx';
import { Localized } from '#app/ui/localized.tsx';

/**
 * What goes in a cart from its page with a quantity: cooked meals, shop products and farm
 * produce. A chef experience is booked instead (booking-form.tsx); a recipe's ingredients go
 * in with "add all ingredients".
 */
const ADDABLE: readonly ItemDetail['type'][] = ['meal', 'product', 'produce'];

export function canAddToCart(item: ItemDetail): boolean {
  return ADDABLE.includes(item.type);
}

/**
 * "Add to cart" on an item's page: its options (a size to pick, extras to tick), a quantity in
 * the item's unit and step, and for groceries and produce what to do if it is missing. A
 * plain form posting to the cart page (`intent=add`), which brings the shopper back here with
 * a notice; prices are the API's, the form sends none.
 */
export function AddToCartForm({ item }: { item: ItemDetail }) {
  const { t, locale } = useI18n();
  const label = useVocabulary();
  const { pathname, search } = useLocation();
  const sending = useNavigation().formData?.get('item') === item.slug;
  const step = item.stepMilli / 1000;
  const substitutes = item.type === 'product' || item.type === 'produce';
  return (
    <Form
      method="post"
      action={localizePath(`/cart/${item.service}`, locale.code)}
      className="add-to-cart"
      aria-labelledby="add-title"
    >
      <h2 id="add-title" className="visually-hidden">
        {t('catalog.add.title')}
      </h2>
      <CsrfField />
      <input type="hidden" name="intent" value="add" />
      <input type="hidden" name="item" value={item.slug} />
      <input type="hidden" name="returnTo" value={`${pathname}${search}`} />
      <OptionFields options={item.options} />
      <div className="add-to-cart-row">
        <label>
          <span>{t('catalog.add.quantity', { unit: label('unit.short', item.unit) })}</span>
          <input
            name="quantity"
            type="number"
            inputMode="decimal"
            min={step}
            max={99}
            step={step}
            defaultValue={step}
            required
          />
        </label>
        {substitutes && (
          <label>
            <span>{t('catalog.add.substitution')}</span>
            <select name="substitution" defaultValue="best_match">
              <option value="best_match">{t('catalog.add.substitution.best_match')}</option>
              <option value="refund">{t('catalog.add.substitution.refund')}</option>
            </select>
          </label>
        )}
        <button type="submit" disabled={sending}>
          {t('catalog.add.submit')}
        </button>
      </div>
    </Form>
  );
}

/**
 * An item's options as form fields: a radio group for a choice of one (the first picked when
 * one is required), checkboxes for extras. `options-N` marks option N as sent even when
 * nothing of it is ticked, so the choices keep their places.
 */
export function OptionFields({ options, chosen }: { options: ItemDetail['options']; chosen?: number[][] }) {
  const { t } = useI18n();
  const money = useFormatMoney();
  return (
    <>
      {options.map((option, index) => {
        const single = option.max === 1;
        return (
          <fieldset key={option.name.text}>
            <input type="hidden" name={`options-${index}`} value="" />
            <legend>
              <Localized text={option.name} />{' '}
              <span className="card-meta">
                {option.required
                  ? t('catalog.item.required', { max: option.max })
                  : t('catalog.item.optional', { max: option.max })}
              </span>
            </legend>
            {option.choices.map((choice, choiceIndex) => (
              <label key={choice.name.text} className="choice">
                <input
                  type={single ? 'radio' : 'checkbox'}
                  name={`option-${index}`}
                  value={choiceIndex}
                  required={single && option.required}
                  defaultChecked={
                    chosen
                      ? (chosen[index] ?? []).includes(choiceIndex)
                      : single && option.required && choiceIndex === 0
                  }
                />
                <Localized text={choice.name} />
                {choice.price.amount > 0 && <span className="card-meta">+{money(choice.price)}</span>}
              </label>
            ))}
          </fieldset>
        );
      })}
    </>
  );
}

import { useI18n } from '#app/platform/i18n/i18n-context.tsx';
import type { MessageKey } from '#app/platform/i18n/translator.ts';
import type { OptionValues } from './listing-options.server.ts';

/**
 * A listing's options in its form (styles/operator.css `.listing-options`): per option its name
 * and kind, then its choices as rows of name and what it adds to the price. Without JavaScript
 * too: the rows are the options, two spare choices each and one spare option; saving brings
 * new spare rows, and an emptied row is removed.
 */
export function ListingOptionsFields({
  rows,
  currency,
  error,
}: {
  rows: readonly OptionValues[];
  currency: string;
  error: MessageKey | undefined;
}) {
  const { t } = useI18n();
  return (
    <fieldset
      className={error ? 'listing-options has-error' : 'listing-options'}
      aria-describedby={error ? 'listing-options-hint listing-options-error' : 'listing-options-hint'}
    >
      <legend>{t('provider.listing.options')}</legend>
      <p id="listing-options-hint" className="field-hint">
        {t('provider.listing.optionsHint')}
      </p>
      {error && (
        <p id="listing-options-error" className="field-error">
          {t(error)}
        </p>
      )}
      {rows.map((option, index) => {
        const number = index + 1;
        const prefix = `option-${index}`;
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: rows are positions in the form, named by their index
          <fieldset key={index} className="listing-option">
            <legend>{t('provider.listing.optionLegend', { number })}</legend>
            <div className="checkout-pair">
              <div className="form-field">
                <label htmlFor={`${prefix}-name`}>{t('provider.listing.optionName')}</label>
                <input id={`${prefix}-name`} name={`${prefix}-name`} defaultValue={option.name} maxLength={60} />
              </div>
              <div className="form-field">
                <label htmlFor={`${prefix}-kind`}>{t('provider.listing.optionKind')}</label>
                <select id={`${prefix}-kind`} name={`${prefix}-kind`} defaultValue={option.kind}>
                  <option value="one">{t('provider.listing.optionKind.one')}</option>
                  <option value="extras">{t('provider.listing.optionKind.extras')}</option>
                </select>
              </div>
            </div>
            <div className="option-choices">
              <span aria-hidden="true">{t('provider.listing.choice')}</span>
              <span aria-hidden="true">{t('provider.listing.choicePrice', { currency })}</span>
              {option.choices.map((choice, at) => {
                const choiceNumber = at + 1;
                const id = `${prefix}-choice-${at}`;
                return [
                  <label key={`${id}-name`} className="visually-hidden" htmlFor={`${id}-name`}>
                    {t('provider.listing.choiceLabel', { option: number, number: choiceNumber })}
                  </label>,
                  <input
                    key={`${id}-name-input`}
                    id={`${id}-name`}
                    name={`${id}-name`}
                    defaultValue={choice.name}
                    maxLength={60}
                  />,
                  <label key={`${id}-price`} className="visually-hidden" htmlFor={`${id}-price`}>
                    {t('provider.listing.choicePriceLabel', { option: number, number: choiceNumber, currency })}
                  </label>,
                  <input
                    key={`${id}-price-input`}
                    id={`${id}-price`}
                    name={`${id}-price`}
                    defaultValue={choice.price}
                    inputMode="decimal"
                    dir="ltr"
                    placeholder="0"
                  />,
                ];
              })}
            </div>
          </fieldset>
        );
      })}
    </fieldset>
  );
}

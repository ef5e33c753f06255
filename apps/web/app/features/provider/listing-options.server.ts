import type { CurrencyCode } from '@malewa/contracts/currencies';
import {
  type ListingOption,
  MAX_LISTING_OPTIONS,
  MAX_LISTING_PRICE,
  MAX_OPTION_CHOICES,
} from '@malewa/contracts/provider/listings';
import { textOf } from '#app/platform/forms/form.server.ts';
import { textIn } from '#app/platform/i18n/localized-text.ts';
import { majorOf, minorOf } from '#app/platform/money/minor-units.ts';

/**
 * A listing's options as its form shows them: each a name and a kind, "choose one" (a size, a
 * side) or "extras" (any of them), and its choices with what each adds to the price. The form
 * writes them in the listing's first language; their texts in other languages stay as they were.
 */
export interface OptionValues {
  name: string;
  kind: 'one' | 'extras';
  choices: { name: string; price: string }[];
}

/** Empty rows the form adds: one more option, and two more choices under each. */
const SPARE_CHOICES = 2;

/** The rows the form shows: the options with two spare choices each, then one spare option. */
export function optionRows(options: readonly OptionValues[]): OptionValues[] {
  const withSpares = options.map((option) => ({
    ...option,
    choices: [...option.choices, ...Array.from({ length: SPARE_CHOICES }, () => ({ name: '', price: '' }))].slice(
      0,
      Math.max(option.choices.length, MAX_OPTION_CHOICES),
    ),
  }));
  if (withSpares.length < MAX_LISTING_OPTIONS) {
    withSpares.push({
      name: '',
      kind: 'one',
      choices: Array.from({ length: SPARE_CHOICES + 1 }, () => ({ name: '', price: '' })),
    });
  }
  return withSpares;
}

/** The form's options of a listing's, in `language` (else the option's first text). */
export function optionValuesOf(options: readonly ListingOption[], language: string, currency: CurrencyCode) {
  return options.map(
    (option): OptionValues => ({
      name: textIn(option.name, language),
      kind: option.required ? 'one' : 'extras',
      choices: option.choices.map((choice) => ({
        name: textIn(choice.name, language),
        price: majorOf(choice.price, currency),
      })),
    }),
  );
}

/** The options as typed: rows left empty are dropped (emptying an option's row removes it). */
export function optionValuesFromForm(form: FormData): OptionValues[] {
  const options: OptionValues[] = [];
  for (let index = 0; index < MAX_LISTING_OPTIONS; index++) {
    const choices: OptionValues['choices'] = [];
    for (let choice = 0; choice < MAX_OPTION_CHOICES; choice++) {
      const name = textOf(form, `option-${index}-choice-${choice}-name`);
      const price = textOf(form, `option-${index}-choice-${choice}-price`);
      if (name || price) choices.push({ name, price });
    }
    const name = textOf(form, `option-${index}-name`);
    if (!name && choices.length === 0) continue;
    options.push({ name, kind: textOf(form, `option-${index}-kind`) === 'extras' ? 'extras' : 'one', choices });
  }
  return options;
}

/**
 * The options the API takes. Texts are set in `language` over the texts the listing's option at
 * the same place had, so its other languages are kept. What needs another look (a name missing,
 * no choice, a price that is not an amount of zero or more: NaN) is the contract's schema's to
 * refuse.
 */
export function optionsFromValues(
  values: readonly OptionValues[],
  language: string,
  currency: CurrencyCode,
  current: readonly ListingOption[],
): ListingOption[] {
  return values.map((option, index) => {
    const one = option.kind === 'one';
    return {
      name: { ...current[index]?.name, [language]: option.name },
      required: one,
      min: one ? 1 : 0,
      max: one ? 1 : option.choices.length,
      choices: option.choices.map((choice, at) => ({
        name: { ...current[index]?.choices[at]?.name, [language]: choice.name },
        price:
          choice.price === ''
            ? 0
            : (minorOf(choice.price, currency, { zero: true, max: MAX_LISTING_PRICE }) ?? Number.NaN),
      })),
    };
  });
}

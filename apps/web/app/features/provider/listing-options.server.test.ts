import { type ListingOption, ZListingOptionSchema } from '@malewa/contracts/provider/listings';
import { describe, expect, it } from 'vitest';
import { optionRows, optionsFromValues, optionValuesFromForm, optionValuesOf } from './listing-options.server.ts';

const SIZE: ListingOption = {
  name: { en: 'Size', sw: 'Ukubwa' },
  required: true,
  min: 1,
  max: 1,
  choices: [
    { name: { en: 'Regular', sw: 'Kawaida' }, price: 0 },
    { name: { en: 'Large', sw: 'Kubwa' }, price: 15000 },
  ],
};

function formOf(fields: Record<string, string>): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  return form;
}

describe('a listing’s options in its form', () => {
  it('show in the page’s language with prices in major units, two spare choices each and one spare option', () => {
    const values = optionValuesOf([SIZE], 'sw', 'KES');
    expect(values).toEqual([
      {
        name: 'Ukubwa',
        kind: 'one',
        choices: [
          { name: 'Kawaida', price: '0' },
          { name: 'Kubwa', price: '150' },
        ],
      },
    ]);
    const rows = optionRows(values);
    expect(rows).toHaveLength(2);
    expect(rows[0]?.choices).toHaveLength(4);
    expect(rows[1]).toMatchObject({ name: '', choices: [{ name: '' }, { name: '' }, { name: '' }] });
  });

  it('are read back as the API takes them: extras take up to all their choices, other languages are kept', () => {
    const form = formOf({
      'option-0-name': 'Ukubwa',
      'option-0-kind': 'one',
      'option-0-choice-0-name': 'Kawaida',
      'option-0-choice-0-price': '0',
      'option-0-choice-1-name': 'Kubwa sana',
      'option-0-choice-1-price': '200',
      'option-1-name': 'Nyongeza',
      'option-1-kind': 'extras',
      'option-1-choice-0-name': 'Chapati',
      'option-1-choice-0-price': '30',
      'option-1-choice-2-name': 'Kachumbari',
      // An emptied row is gone.
      'option-2-name': '',
    });
    const values = optionValuesFromForm(form);
    expect(values.map((option) => option.name)).toEqual(['Ukubwa', 'Nyongeza']);
    const options = optionsFromValues(values, 'sw', 'KES', [SIZE]);
    expect(options?.[0]).toEqual({
      name: { en: 'Size', sw: 'Ukubwa' },
      required: true,
      min: 1,
      max: 1,
      choices: [
        { name: { en: 'Regular', sw: 'Kawaida' }, price: 0 },
        { name: { en: 'Large', sw: 'Kubwa sana' }, price: 20000 },
      ],
    });
    expect(options?.[1]).toEqual({
      name: { sw: 'Nyongeza' },
      required: false,
      min: 0,
      max: 2,
      choices: [
        { name: { sw: 'Chapati' }, price: 3000 },
        { name: { sw: 'Kachumbari' }, price: 0 },
      ],
    });
  });

  it('need another look when an option has no name or no choice, or a price is not an amount: the schema says so', () => {
    const read = (fields: Record<string, string>) =>
      optionsFromValues(optionValuesFromForm(formOf(fields)), 'en', 'KES', []);
    const refused = (fields: Record<string, string>) => !ZListingOptionSchema.array().safeParse(read(fields)).success;
    expect(refused({ 'option-0-choice-0-name': 'Large' })).toBe(true);
    expect(refused({ 'option-0-name': 'Size' })).toBe(true);
    expect(
      refused({ 'option-0-name': 'Size', 'option-0-choice-0-name': 'Large', 'option-0-choice-0-price': 'ten' }),
    ).toBe(true);
    expect(refused({ 'option-0-name': 'Size', 'option-0-choice-0-price': '10' })).toBe(true);
    expect(
      refused({ 'option-0-name': 'Size', 'option-0-choice-0-name': 'Large', 'option-0-choice-0-price': '10' }),
    ).toBe(false);
    expect(read({})).toEqual([]);
  });
});

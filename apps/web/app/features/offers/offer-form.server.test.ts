import { describe, expect, it } from 'vitest';
import { offerErrorsOf, offerItemChoices, readOfferForm } from './offer-form.server.ts';

const form = (fields: Record<string, string | string[]>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    for (const each of Array.isArray(value) ? value : [value]) data.append(name, each);
  }
  return data;
};
const JOLLOF = '0b6f4a52-7c1e-4d7a-9a51-3f2d8c1e0a01';
const SUYA = '0b6f4a52-7c1e-4d7a-9a51-3f2d8c1e0a02';

const OFFER = {
  kind: 'percent',
  value: '10',
  minimumSubtotal: '0',
  name: 'Weekend treat',
  startsAt: '2026-12-01T08:00',
  endsAt: '2026-12-08T08:00',
  code: '',
  totalLimit: '',
  perShopperLimit: '',
};
const read = (fields: Record<string, string | string[]>) =>
  readOfferForm(form({ ...OFFER, ...fields }), 'KES', 'Africa/Nairobi', 'en');

describe('the offer form', () => {
  it('reads the offer, its name in the page’s language', () => {
    expect(read({}).offer).toMatchObject({ kind: 'percent', value: 10, title: { en: 'Weekend treat' } });
    expect(read({ name: '' }).offer?.title).toEqual({});
  });

  it('marks a name of more than 80 characters, or of one, with what was typed kept', () => {
    const long = read({ name: 'N'.repeat(81) });
    expect(long.offer).toBeUndefined();
    expect(long.errors).toEqual({ form: 'offers.error.form', name: 'offers.error.name' });
    expect(long.values.name).toBe('N'.repeat(81));
    expect(read({ name: 'N' }).errors).toMatchObject({ name: 'offers.error.name' });
  });

  it('reads all day and every item when the times are empty and nothing is ticked', () => {
    expect(read({ hoursFrom: '', hoursTo: '' }).offer).toMatchObject({ hours: null, itemIds: null });
  });

  it('reads "only between" as the contract’s HH:MM, past midnight too, and the ticked items', () => {
    const lunch = read({ hoursFrom: '11:00', hoursTo: '14:30', itemIds: [JOLLOF, SUYA] });
    expect(lunch.errors).toEqual({});
    expect(lunch.offer).toMatchObject({ hours: { from: '11:00', to: '14:30' }, itemIds: [JOLLOF, SUYA] });
    expect(read({ hoursFrom: '22:00', hoursTo: '02:00' }).offer?.hours).toEqual({ from: '22:00', to: '02:00' });
  });

  it('marks one time without the other, the same time twice or no time, keeping what was typed and ticked', () => {
    const half = read({ hoursFrom: '11:00', hoursTo: '', itemIds: [JOLLOF] });
    expect(half.offer).toBeUndefined();
    expect(half.errors).toEqual({ form: 'offers.error.form', hoursFrom: 'offers.error.hours' });
    expect(half.values).toMatchObject({ hoursFrom: '11:00', hoursTo: '', itemIds: [JOLLOF] });
    expect(read({ hoursFrom: '11:00', hoursTo: '11:00' }).errors).toMatchObject({ hoursFrom: 'offers.error.hours' });
    expect(read({ hoursFrom: '25:00', hoursTo: '11:00' }).errors).toMatchObject({ hoursFrom: 'offers.error.hours' });
  });

  it('marks items that are no ids, one twice, or more than 50', () => {
    expect(read({ itemIds: ['jollof'] }).errors).toMatchObject({ itemIds: 'offers.error.items' });
    expect(read({ itemIds: [JOLLOF, JOLLOF] }).errors).toMatchObject({ itemIds: 'offers.error.items' });
    const many = Array.from({ length: 51 }, (_, index) => `0b6f4a52-7c1e-4d7a-9a51-${String(index).padStart(12, '0')}`);
    expect(read({ itemIds: many }).errors).toMatchObject({ itemIds: 'offers.error.items' });
    expect(read({ itemIds: many.slice(0, 50) }).errors).toEqual({});
  });

  it('lists a shop’s items to tick by name in the page’s language, recipes left out', () => {
    expect(
      offerItemChoices(
        [
          { id: SUYA, name: { en: 'Suya', fr: 'Suya' }, hidden: true, type: 'meal' },
          { id: JOLLOF, name: { en: 'Jollof rice', fr: 'Riz jollof' }, hidden: false, type: 'meal' },
          { id: JOLLOF.replace('01', '03'), name: { en: 'How to cook jollof' }, hidden: false, type: 'recipe' },
        ],
        'fr',
      ),
    ).toEqual([
      { id: JOLLOF, name: 'Riz jollof', hidden: false },
      { id: SUYA, name: 'Suya', hidden: true },
    ]);
  });

  it('marks every field the API refused, so the summary always points to one', () => {
    expect(offerErrorsOf(['title.en'])).toEqual({ form: 'offers.error.form', name: 'offers.error.name' });
    expect(offerErrorsOf(['minimumSubtotal', 'perShopperLimit', 'code'])).toEqual({
      form: 'offers.error.form',
      minimumSubtotal: 'offers.error.amount',
      perShopperLimit: 'offers.error.limit',
      code: 'offers.error.code',
    });
    expect(offerErrorsOf(['providerId'])).toEqual({ form: 'offers.error.refused' });
    expect(offerErrorsOf(['hours.to', 'itemIds'])).toEqual({
      form: 'offers.error.form',
      hoursFrom: 'offers.error.hours',
      itemIds: 'offers.error.items',
    });
  });
});

import { describe, expect, it } from 'vitest';
import { offerErrorsOf, readOfferForm } from './offer-form.server.ts';

const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.append(name, value);
  return data;
};

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
const read = (fields: Record<string, string>) =>
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

  it('marks every field the API refused, so the summary always points to one', () => {
    expect(offerErrorsOf(['title.en'])).toEqual({ form: 'offers.error.form', name: 'offers.error.name' });
    expect(offerErrorsOf(['minimumSubtotal', 'perShopperLimit', 'code'])).toEqual({
      form: 'offers.error.form',
      minimumSubtotal: 'offers.error.amount',
      perShopperLimit: 'offers.error.limit',
      code: 'offers.error.code',
    });
    expect(offerErrorsOf(['providerId'])).toEqual({ form: 'offers.error.refused' });
  });
});

import { describe, expect, it } from 'vitest';
import { addressValuesOf, readAddress } from './address-form.server.ts';

const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.append(name, value);
  return data;
};

describe('the address fields of a form', () => {
  const typed = {
    recipient: ' Nia Mwangi ',
    phone: '0722 000 111',
    line: 'Waiyaki Way 5',
    area: 'Westlands',
    city: 'Nairobi',
    latitude: '-1.26',
    longitude: '36.8',
  };

  it('reads each field trimmed, a missing one as empty', () => {
    expect(addressValuesOf(form(typed))).toMatchObject({ recipient: 'Nia Mwangi', postalCode: '', instructions: '' });
  });

  it('gives the address, or one message beside each wrong field (the pin as one)', () => {
    const read = readAddress(addressValuesOf(form(typed)));
    expect(read.ok && read.address).toMatchObject({ recipient: 'Nia Mwangi', latitude: -1.26, postalCode: undefined });
    expect(readAddress(addressValuesOf(form({ ...typed, line: ' ', latitude: '' })))).toEqual({
      ok: false,
      errors: { line: 'commerce.checkout.error.required', latitude: 'commerce.checkout.error.pin' },
    });
  });
});

import { describe, expect, it } from 'vitest';
import english from '#app/platform/i18n/messages/en/commerce.json';
import {
  ADDRESS_MAX_LENGTHS,
  addressValuesOf,
  labelErrorOf,
  readAddress,
  tooLongMessage,
} from './address-form.server.ts';

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

  it('says which rule a filled field broke: a phone the rider cannot call, or too long a text', () => {
    const read = readAddress(
      addressValuesOf(
        form({
          ...typed,
          phone: '12ab',
          area: 'W'.repeat(101),
          postalCode: '1'.repeat(21),
          instructions: 'x'.repeat(501),
        }),
      ),
    );
    expect(read).toEqual({
      ok: false,
      errors: {
        phone: 'commerce.checkout.error.phone',
        area: 'commerce.address.error.max100',
        postalCode: 'commerce.address.error.max16',
        instructions: 'commerce.address.error.max500',
      },
    });
    expect(readAddress(addressValuesOf(form({ ...typed, phone: ' ' })))).toMatchObject({
      errors: { phone: 'commerce.checkout.error.required' },
    });
  });

  it('names a saved address in 1 to 40 characters', () => {
    expect(labelErrorOf('Home')).toBeUndefined();
    expect(labelErrorOf('  ')).toBe('commerce.checkout.error.required');
    expect(labelErrorOf('L'.repeat(50))).toBe('commerce.address.error.max40');
  });

  it('has a "too long" message naming each field’s limit', () => {
    for (const [field, max] of Object.entries(ADDRESS_MAX_LENGTHS)) {
      const key = tooLongMessage(max);
      expect(english[key as keyof typeof english], field).toContain(String(max));
    }
  });
});

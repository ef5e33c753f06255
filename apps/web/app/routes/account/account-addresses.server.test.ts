import type { RouterContextProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '#app/platform/api-client/api-client.server.ts';
import { type ActionAnswer, submitAction } from '#app/platform/forms/submit-action.testing.ts';
import { submitAddressForm } from './account-addresses.server.ts';

const api = vi.hoisted(() => ({
  createAddress: vi.fn(),
  updateAddress: vi.fn(),
  deleteAddress: vi.fn(),
  listAddresses: vi.fn(),
}));
vi.mock('#app/features/commerce/address-api.server.ts', () => api);
vi.mock('#app/platform/feedback/toast.server.ts', () => ({ showToast: vi.fn() }));

const context = {} as Readonly<RouterContextProvider>;
const url = new URL('http://malewa.test/account/addresses');

const ADDRESS = {
  intent: 'save',
  label: 'Home',
  recipient: 'Nia Mwangi',
  phone: '0722 000 111',
  line: 'Waiyaki Way 5',
  area: 'Westlands',
  city: 'Nairobi',
  postalCode: '',
  instructions: '',
  latitude: '-1.26',
  longitude: '36.8',
};

function save(fields: Record<string, string>): Promise<ActionAnswer> {
  return submitAction(url, { ...ADDRESS, ...fields }, (request) => submitAddressForm(url, request, context));
}

beforeEach(() => {
  vi.clearAllMocks();
  api.createAddress.mockResolvedValue({});
});

describe('the address book’s form', () => {
  it('saves an address, and goes back to the list', async () => {
    expect(await save({})).toEqual({ redirect: '/account/addresses' });
    expect(api.createAddress.mock.calls[0]?.[2]).toMatchObject({ label: 'Home', recipient: 'Nia Mwangi' });
  });

  it('says which rule each filled field broke, everything typed kept', async () => {
    const answer = await save({ label: 'L'.repeat(50), phone: '12ab', postalCode: '1'.repeat(21) });
    expect(answer).toMatchObject({ code: 400, status: 'invalid' });
    expect(answer.errors).toEqual({
      label: 'commerce.address.error.max40',
      phone: 'commerce.checkout.error.phone',
      postalCode: 'commerce.address.error.max16',
    });
    expect(answer.values).toMatchObject({ label: 'L'.repeat(50), phone: '12ab', postalCode: '1'.repeat(21) });
    expect(api.createAddress).not.toHaveBeenCalled();
  });

  it('asks for what was left empty', async () => {
    expect((await save({ label: '', line: ' ' })).errors).toEqual({
      label: 'commerce.checkout.error.required',
      line: 'commerce.checkout.error.required',
    });
  });

  it('puts the API’s refusal of the phone beside it', async () => {
    api.createAddress.mockRejectedValue(new ApiError(400, { errors: { phone: ['Not a Kenyan phone number'] } }));
    expect(await save({ phone: '+1 555 0100' })).toMatchObject({
      code: 400,
      status: 'invalid',
      errors: { phone: 'commerce.checkout.error.phone' },
      values: { phone: '+1 555 0100' },
    });
  });
});

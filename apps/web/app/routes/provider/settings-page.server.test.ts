import type { RouterContextProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '#app/platform/api-client/api-client.server.ts';
import { type ActionAnswer, submitAction } from '#app/platform/forms/submit-action.testing.ts';
import { saveSettings } from './settings-page.server.ts';

const api = vi.hoisted(() => ({ updateShopSettings: vi.fn(), getShopSettings: vi.fn() }));
vi.mock('#app/features/provider/provider-api.server.ts', () => api);
vi.mock('#app/features/provider/provider-shop.server.ts', () => ({
  currentShop: async () => ({
    shop: { id: '0b7c3b8e-2f4a-4c55-9d7e-3f1a2b3c4d5e', name: 'Mopani', service: 'farm', countryCode: 'ZA' },
  }),
}));
vi.mock('#app/platform/feedback/toast.server.ts', () => ({ showToast: vi.fn() }));

const context = {} as Readonly<RouterContextProvider>;
const url = new URL('http://malewa.test/provider/settings');

const SETTINGS = {
  deliveryRadiusKm: '7,5',
  deliveryFeeBase: '20',
  deliveryFeePerKm: '2.50',
  freeDeliveryAbove: '',
  minimumOrder: '50',
  prepMinutes: '30',
  'hours-0-opens': '08:00',
  'hours-0-closes': '17:00',
};

/** What the action answers: its outcome, or the redirect it throws. */
function save(fields: Record<string, string>): Promise<ActionAnswer> {
  return submitAction(url, { ...SETTINGS, ...fields }, (request) => saveSettings(url, request, context));
}

beforeEach(() => {
  vi.clearAllMocks();
  api.updateShopSettings.mockResolvedValue({});
});

describe('the shop’s settings form', () => {
  it('sends the contract’s settings: amounts in minor units, the week in minutes', async () => {
    expect(await save({ paused: 'on' })).toEqual({
      redirect: '/provider/settings?shop=0b7c3b8e-2f4a-4c55-9d7e-3f1a2b3c4d5e',
    });
    expect(api.updateShopSettings.mock.calls[0]?.[3]).toEqual({
      hours: [[[480, 1020]], [], [], [], [], [], []],
      deliveryRadiusKm: 7.5,
      deliveryFeeBase: 2000,
      deliveryFeePerKm: 250,
      freeDeliveryAbove: null,
      minimumOrder: 5000,
      prepMinutes: 30,
      paused: true,
      closedDates: [],
      vatNumber: null,
      legalName: null,
    });
  });

  it('sends a VAT number of the shop’s market as it is printed, and keeps one of another shape beside its field', async () => {
    await save({ vatNumber: '412 345 6789', legalName: 'Mopani Farm (Pty) Ltd' });
    expect(api.updateShopSettings.mock.calls[0]?.[3]).toMatchObject({
      vatNumber: '4123456789',
      legalName: 'Mopani Farm (Pty) Ltd',
    });
    // A Kenyan PIN is no South African VAT number.
    const answer = await save({ vatNumber: 'P051234567X', legalName: 'Mopani Farm (Pty) Ltd' });
    expect(answer).toMatchObject({ code: 400, status: 'invalid', errors: { vatNumber: 'provider.error.vatNumber' } });
    expect(answer.values).toMatchObject({ vatNumber: 'P051234567X', legalName: 'Mopani Farm (Pty) Ltd' });
    expect(api.updateShopSettings).toHaveBeenCalledTimes(1);
  });

  it('puts each problem beside its field, what was typed kept', async () => {
    const answer = await save({
      minimumOrder: 'abc',
      deliveryRadiusKm: 'far',
      prepMinutes: '5.5',
      newClosedDate: '2020-01-01',
      'hours-1-opens': '09:00',
    });
    expect(answer).toMatchObject({ code: 400, status: 'invalid' });
    expect(answer.errors).toEqual({
      minimumOrder: 'provider.error.amount',
      deliveryRadiusKm: 'provider.error.radius',
      prepMinutes: 'provider.error.prep',
      closedDates: 'provider.error.closedDate',
      hours: 'provider.error.hours',
    });
    expect(answer.values).toMatchObject({ minimumOrder: 'abc', newClosedDate: '2020-01-01' });
    expect(api.updateShopSettings).not.toHaveBeenCalled();
    expect((await save({ freeDeliveryAbove: '40' })).errors).toEqual({ freeDeliveryAbove: 'provider.error.freeAbove' });
  });

  it('puts the API’s refusal of a field beside it', async () => {
    api.updateShopSettings.mockRejectedValue(
      new ApiError(400, { errors: { closedDates: ['Closed days go a year ahead at most'] } }),
    );
    const answer = await save({ newClosedDate: '2099-01-01' });
    expect(answer).toMatchObject({
      code: 400,
      status: 'invalid',
      errors: { closedDates: 'provider.error.closedDate' },
    });
  });
});

import type { Rider } from '@malewa/contracts/delivery/rider';
import type { RouterContextProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '#app/platform/api-client/api-client.server.ts';
import { submitAction } from '#app/platform/forms/submit-action.testing.ts';
import { ridersAction, shownRider } from './riders-page.server.ts';

const SHOP = '0b7c3b8e-2f4a-4c55-9d7e-3f1a2b3c4d5e';
const RIDER = '5d1f8f7e-0a3b-4c2d-9e8f-1a2b3c4d5e6f';

const api = vi.hoisted(() => ({ addShopRider: vi.fn(), removeShopRider: vi.fn(), listShopRiders: vi.fn() }));
const toast = vi.hoisted(() => ({ showToast: vi.fn() }));
vi.mock('#app/features/riders/riders-api.server.ts', () => api);
vi.mock('#app/features/provider/provider-shop.server.ts', () => ({
  currentShop: async () => ({
    shop: { id: '0b7c3b8e-2f4a-4c55-9d7e-3f1a2b3c4d5e', name: 'Mama Oliech', service: 'food', countryCode: 'KE' },
  }),
}));
vi.mock('#app/platform/feedback/toast.server.ts', () => toast);

const context = {} as Readonly<RouterContextProvider>;
const url = new URL(`http://malewa.test/fr/provider/riders?shop=${SHOP}`);
const BACK = `/fr/provider/riders?shop=${SHOP}`;

const rider = (over: Partial<Rider> = {}): Rider => ({
  id: RIDER,
  firstName: 'Otieno',
  name: 'Otieno Odhiambo',
  contact: '+254712345678',
  vehicle: 'motorbike',
  onShift: false,
  shopId: SHOP,
  locationId: null,
  shopIds: [],
  suspended: null,
  busy: false,
  ...over,
});

const send = (fields: Record<string, string>) =>
  submitAction(url, fields, (request) => ridersAction(url, request, context));
const add = (fields: Record<string, string>) =>
  send({ intent: 'add', identifier: '+254 712 345 678', vehicle: 'bicycle', ...fields });

beforeEach(() => {
  vi.clearAllMocks();
  api.addShopRider.mockResolvedValue(rider({ vehicle: 'bicycle' }));
  api.removeShopRider.mockResolvedValue({ id: RIDER });
});

describe('adding one of the shop’s riders', () => {
  it('sends the email or phone as typed, trimmed, with the vehicle, and says who now delivers', async () => {
    expect(await add({ identifier: '  +254 712 345 678 ' })).toEqual({ redirect: BACK });
    expect(api.addShopRider).toHaveBeenCalledWith(context, expect.any(Request), SHOP, {
      identifier: '+254 712 345 678',
      vehicle: 'bicycle',
    });
    expect(toast.showToast.mock.calls[0]?.[1]).toMatchObject({ type: 'success' });
    expect(toast.showToast.mock.calls[0]?.[1].title).toContain('Otieno Odhiambo');
  });

  it('puts an empty identifier and an unknown vehicle beside their fields, and sends nothing', async () => {
    const answer = await add({ identifier: ' ', vehicle: 'donkey' });
    expect(answer).toMatchObject({
      code: 400,
      status: 'invalid',
      errors: { identifier: 'provider.riders.error.identifier', vehicle: 'provider.riders.error.vehicle' },
      values: { identifier: ' ', vehicle: 'donkey' },
    });
    expect(api.addShopRider).not.toHaveBeenCalled();
  });

  it('says to ask them to register first when no account signs in with it, what was typed kept', async () => {
    api.addShopRider.mockRejectedValue(
      new ApiError(404, { errors: { identifier: ['No Malewa account signs in with it: ask them to register first'] } }),
    );
    expect(await add({ identifier: 'wanjiku@example.com' })).toMatchObject({
      code: 400,
      status: 'invalid',
      intent: 'add',
      errors: { identifier: 'provider.riders.error.noAccount' },
      values: { identifier: 'wanjiku@example.com', vehicle: 'bicycle' },
    });
  });

  it('says they already ride (409), for this shop or another or the fleet', async () => {
    api.addShopRider.mockRejectedValue(
      new ApiError(409, { errors: { identifier: ['This person already rides, for a shop or for the fleet'] } }),
    );
    expect(await add({})).toMatchObject({
      code: 409,
      status: 'invalid',
      errors: { identifier: 'provider.riders.error.alreadyRides' },
      values: { identifier: '+254 712 345 678' },
    });
  });

  it('asks for the country code of a national number several markets share, and reads other refusals', async () => {
    api.addShopRider.mockRejectedValueOnce(
      new ApiError(400, {
        errors: { identifier: ['Add your country code to the phone number, e.g. +254 712 345 678'] },
      }),
    );
    expect(await add({ identifier: '0712 345 678' })).toMatchObject({
      code: 400,
      errors: { identifier: 'provider.riders.error.countryCode' },
    });
    api.addShopRider.mockRejectedValueOnce(new ApiError(400, { errors: { identifier: ['Enter an email address'] } }));
    expect(await add({ identifier: 'wanjiku' })).toMatchObject({
      errors: { identifier: 'provider.riders.error.identifier' },
    });
    api.addShopRider.mockRejectedValueOnce(new ApiError(429, undefined, 'Too many', 120));
    expect(await add({})).toMatchObject({ code: 429, status: 'rate-limited', minutes: 2 });
  });

  it('lets any other failure through to the error page', async () => {
    api.addShopRider.mockRejectedValue(new ApiError(500, undefined));
    await expect(add({})).rejects.toBeInstanceOf(ApiError);
  });
});

describe('removing one of the shop’s riders', () => {
  it('removes them and goes back to the list', async () => {
    expect(await send({ intent: 'remove', rider: RIDER })).toEqual({ redirect: BACK });
    expect(api.removeShopRider).toHaveBeenCalledWith(context, expect.any(Request), SHOP, RIDER);
    expect(toast.showToast.mock.calls[0]?.[1]).toMatchObject({ type: 'success' });
  });

  it('refuses, on the rider’s card, while they carry an order (409)', async () => {
    api.removeShopRider.mockRejectedValue(new ApiError(409, { errors: { message: 'Otieno is delivering an order' } }));
    expect(await send({ intent: 'remove', rider: RIDER })).toMatchObject({
      code: 409,
      status: 'refused',
      intent: 'remove',
      reason: 'provider.riders.error.busy',
      details: { rider: RIDER },
    });
  });

  it('says a rider removed already is gone, and shows the list', async () => {
    api.removeShopRider.mockRejectedValue(new ApiError(404, { errors: { message: 'No such rider' } }));
    expect(await send({ intent: 'remove', rider: RIDER })).toEqual({ redirect: BACK });
    expect(toast.showToast.mock.calls[0]?.[1]).toMatchObject({ type: 'info' });
  });

  it('refuses a rider that is no id at all, asking nothing', async () => {
    await expect(send({ intent: 'remove', rider: 'otieno' })).rejects.toMatchObject({ init: { status: 400 } });
    expect(api.removeShopRider).not.toHaveBeenCalled();
  });
});

describe('shownRider', () => {
  it('tells the shop’s own riders, whom it may remove, from the fleet’s who serve it', () => {
    expect(shownRider(rider(), SHOP)).toMatchObject({ own: true, suspended: false, vehicle: 'motorbike' });
    expect(
      shownRider(rider({ shopId: null, suspended: { at: '2026-05-01T10:00:00.000Z', reason: 'Late' } }), SHOP),
    ).toMatchObject({ own: false, suspended: true });
  });
});

import type { Rider } from '@malewa/contracts/delivery/rider';
import type { Location } from '@malewa/contracts/locations/location';
import type { OperatorProvider } from '@malewa/contracts/operator/providers';
import type { RouterContextProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '#app/platform/api-client/api-client.server.ts';
import { submitAction } from '#app/platform/forms/submit-action.testing.ts';
import { fleetAction, shopGroupsOf, shownRider } from './riders-page.server.ts';

const RIDER = '5d1f8f7e-0a3b-4c2d-9e8f-1a2b3c4d5e6f';
const CITY = '7a6b5c4d-3e2f-4a1b-8c9d-0e1f2a3b4c5d';
const SHOP = '0b7c3b8e-2f4a-4c55-9d7e-3f1a2b3c4d5e';
const OTHER_SHOP = '1c2d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f';

const api = vi.hoisted(() => ({
  addFleetRider: vi.fn(),
  suspendRider: vi.fn(),
  listFleetRiders: vi.fn(),
  listLockedDeliveries: vi.fn(),
  completeDelivery: vi.fn(),
}));
const toast = vi.hoisted(() => ({ showToast: vi.fn() }));
vi.mock('#app/features/riders/riders-api.server.ts', () => api);
vi.mock('#app/features/operator/operator-api.server.ts', () => ({ listLocations: vi.fn(), listProviders: vi.fn() }));
vi.mock('#app/platform/feedback/toast.server.ts', () => toast);

const context = {} as Readonly<RouterContextProvider>;
const url = new URL('http://malewa.test/operator/riders');

const rider = (over: Partial<Rider> = {}): Rider => ({
  id: RIDER,
  firstName: 'Amani',
  name: 'Amani Njoroge',
  contact: 'amani@example.com',
  vehicle: 'motorbike',
  onShift: true,
  shopId: null,
  locationId: CITY,
  shopIds: [],
  suspended: null,
  busy: false,
  ...over,
});

/** Posts the form; `shopIds` may repeat, as a multiple select sends it. */
async function send(fields: Record<string, string | string[]>) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    for (const one of Array.isArray(value) ? value : [value]) form.append(name, one);
  }
  const request = new Request(url, { method: 'POST', body: form });
  return submitAction(url, {}, () => fleetAction(url, request, context));
}
const add = (fields: Record<string, string | string[]>) =>
  send({ intent: 'add', identifier: 'amani@example.com', vehicle: 'motorbike', locationId: CITY, ...fields });

beforeEach(() => {
  vi.clearAllMocks();
  api.addFleetRider.mockResolvedValue(rider());
  api.suspendRider.mockResolvedValue(rider());
});

describe('adding a rider to the fleet', () => {
  it('sends the city and the shops chosen, and lists the fleet again', async () => {
    expect(await add({ shopIds: [SHOP, OTHER_SHOP] })).toEqual({ redirect: '/operator/riders' });
    expect(api.addFleetRider).toHaveBeenCalledWith(context, expect.any(Request), {
      identifier: 'amani@example.com',
      vehicle: 'motorbike',
      locationId: CITY,
      shopIds: [SHOP, OTHER_SHOP],
    });
    expect(toast.showToast.mock.calls[0]?.[1].title).toContain('Amani Njoroge');
  });

  it('sends shops without a city', async () => {
    await add({ locationId: '', shopIds: [SHOP] });
    expect(api.addFleetRider.mock.calls[0]?.[2]).toMatchObject({ locationId: null, shopIds: [SHOP] });
  });

  it('asks for a city or shops, and puts each problem beside its field, what was typed kept', async () => {
    const answer = await add({ identifier: '', vehicle: 'camel', locationId: '' });
    expect(answer).toMatchObject({
      code: 400,
      status: 'invalid',
      intent: 'add',
      errors: {
        identifier: 'operator.riders.error.identifier',
        vehicle: 'operator.riders.error.vehicle',
        locationId: 'operator.riders.error.where',
      },
      values: { identifier: '', vehicle: 'camel', locationId: '', shopIds: [] },
    });
    expect(api.addFleetRider).not.toHaveBeenCalled();
  });

  it('tells an unknown account from a shop gone (404), beside the field concerned', async () => {
    api.addFleetRider.mockRejectedValueOnce(
      new ApiError(404, { errors: { identifier: ['No Malewa account signs in with it: ask them to register first'] } }),
    );
    expect(await add({})).toMatchObject({ errors: { identifier: 'operator.riders.error.noAccount' } });
    api.addFleetRider.mockRejectedValueOnce(
      new ApiError(404, { errors: { shopIds: ['One of these shops does not exist'] } }),
    );
    expect(await add({ shopIds: [SHOP] })).toMatchObject({
      errors: { shopIds: 'operator.riders.error.shops' },
      values: { shopIds: [SHOP] },
    });
  });

  it('says someone who rides already does (409)', async () => {
    api.addFleetRider.mockRejectedValue(new ApiError(409, { errors: { identifier: ['This person already rides'] } }));
    expect(await add({})).toMatchObject({ code: 409, errors: { identifier: 'operator.riders.error.alreadyRides' } });
  });

  it('asks for the country code of a national number several markets share', async () => {
    api.addFleetRider.mockRejectedValue(
      new ApiError(400, {
        errors: { identifier: ['Add your country code to the phone number, e.g. +254 712 345 678'] },
      }),
    );
    expect(await add({ identifier: '0712 345 678' })).toMatchObject({
      errors: { identifier: 'operator.riders.error.countryCode' },
    });
  });
});

describe('suspending and reinstating a rider', () => {
  it('suspends with the reason, and reinstates', async () => {
    expect(await send({ intent: 'suspend', rider: RIDER, reason: 'Three complaints this week' })).toEqual({
      redirect: '/operator/riders',
    });
    expect(api.suspendRider).toHaveBeenLastCalledWith(context, expect.any(Request), RIDER, {
      suspended: true,
      reason: 'Three complaints this week',
    });
    await send({ intent: 'reinstate', rider: RIDER });
    expect(api.suspendRider).toHaveBeenLastCalledWith(context, expect.any(Request), RIDER, { suspended: false });
    expect(toast.showToast).toHaveBeenCalledTimes(2);
  });

  it('wants a reason, kept on the rider’s card', async () => {
    expect(await send({ intent: 'suspend', rider: RIDER, reason: ' x ' })).toMatchObject({
      code: 400,
      status: 'invalid',
      intent: 'suspend',
      errors: { reason: 'operator.riders.error.reason' },
      values: { rider: RIDER, reason: ' x ' },
    });
    expect(api.suspendRider).not.toHaveBeenCalled();
  });

  it('says a rider gone is gone (404), and refuses a rider that is no id', async () => {
    api.suspendRider.mockRejectedValue(new ApiError(404, { errors: { message: 'No such rider' } }));
    expect(await send({ intent: 'reinstate', rider: RIDER })).toEqual({ redirect: '/operator/riders' });
    expect(toast.showToast.mock.calls[0]?.[1]).toMatchObject({ type: 'info' });
    await expect(send({ intent: 'suspend', rider: 'amani', reason: 'Late' })).rejects.toMatchObject({
      init: { status: 400 },
    });
  });
});

describe('shownRider', () => {
  const cities = new Map([[CITY, { id: CITY, name: 'Nairobi', countryCode: 'KE' } as Location]]);
  const shops = new Map([[SHOP, { id: SHOP, name: 'Mama Oliech', countryCode: 'KE' } as OperatorProvider]]);

  it('names the city and the shops a fleet rider serves, and an unknown shop by its id', () => {
    const shown = shownRider(rider({ shopIds: [SHOP, OTHER_SHOP] }), { cities, shops }, 'en');
    expect(shown).toMatchObject({ fleet: true, shop: null, city: 'Nairobi' });
    expect(shown.shops).toBe('Mama Oliech, 1C2D3E4F');
  });

  it('names a shop’s rider’s shop, and the day of a suspension on the market’s clock', () => {
    const shown = shownRider(
      rider({
        shopId: SHOP,
        locationId: null,
        suspended: { at: '2026-03-01T22:30:00.000Z', reason: 'Late again' },
      }),
      { cities, shops },
      'en',
    );
    expect(shown).toMatchObject({ fleet: false, shop: 'Mama Oliech', city: null, shops: null });
    // 22:30 UTC is already the 2nd in Nairobi.
    expect(shown.suspended).toEqual({ since: expect.stringContaining('2'), reason: 'Late again' });
    expect(shown.suspended?.since).toMatch(/Mar/);
  });
});

describe('shopGroupsOf', () => {
  it('groups the open shops by city, cities by name', () => {
    const shop = (id: string, name: string, city: string, status = 'active') =>
      ({ id, name, status, city: { id: city, name: city } }) as OperatorProvider;
    expect(
      shopGroupsOf([
        shop('1', 'Mama Oliech', 'Nairobi'),
        shop('2', 'Kilimani Pot', 'Nairobi'),
        shop('3', 'Bo-Kaap Bites', 'Cape Town'),
        shop('4', 'Closed Corner', 'Cape Town', 'suspended'),
      ]),
    ).toEqual([
      { city: 'Cape Town', shops: [{ id: '3', name: 'Bo-Kaap Bites' }] },
      {
        city: 'Nairobi',
        shops: [
          { id: '1', name: 'Mama Oliech' },
          { id: '2', name: 'Kilimani Pot' },
        ],
      },
    ]);
  });
});

describe('completing a delivery locked after five wrong codes', () => {
  const ORDER = '2e3f4a5b-6c7d-4e8f-9a0b-1c2d3e4f5a6b';
  const complete = (reason: string) => send({ intent: 'complete', order: ORDER, reason });

  it('sends how the handover was checked, and lists the page again', async () => {
    api.completeDelivery.mockResolvedValue({ status: 'delivered' });
    expect(await complete('Called the shopper: she has the bag')).toEqual({ redirect: '/operator/riders' });
    expect(api.completeDelivery).toHaveBeenCalledWith(context, expect.any(Request), ORDER, {
      reason: 'Called the shopper: she has the bag',
    });
    expect(toast.showToast.mock.calls[0]?.[1].type).toBe('success');
  });

  it('asks for the check beside its field, and says so when it was completed meanwhile', async () => {
    expect(await complete(' ')).toMatchObject({
      status: 'invalid',
      intent: 'complete',
      errors: { reason: 'operator.riders.locked.error.reason' },
      values: { order: ORDER },
    });
    expect(api.completeDelivery).not.toHaveBeenCalled();
    api.completeDelivery.mockRejectedValue(new ApiError(409, { errors: { message: 'Only a locked delivery' } }));
    expect(await complete('Called the shopper')).toEqual({ redirect: '/operator/riders' });
    expect(toast.showToast.mock.calls[0]?.[1].type).toBe('info');
  });
});

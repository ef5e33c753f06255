import type { CommissionRate } from '@malewa/contracts/operator/commission-rates';
import type { RouterContextProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '#app/platform/api-client/api-client.server.ts';
import { submitAction } from '#app/platform/forms/submit-action.testing.ts';
import { addRateAction, basisPointsOf, freshRateValues, rateStates } from './commission.server.ts';

const api = vi.hoisted(() => ({ setCommissionRate: vi.fn(), listCommissionRates: vi.fn() }));
vi.mock('#app/features/ledger/ledger-api.server.ts', () => api);
vi.mock('#app/platform/feedback/toast.server.ts', () => ({ showToast: vi.fn() }));

const context = {} as Readonly<RouterContextProvider>;
const url = new URL('http://malewa.test/operator/commission?countryCode=KE');
const SHOP = '0b7c3b8e-2f4a-4c55-9d7e-3f1a2b3c4d5e';
const RATE = { countryCode: 'KE', service: 'food', shopId: '', rate: '12,5', validFrom: '2026-12-01T00:00' };

const add = (fields: Record<string, string>) =>
  submitAction(url, { ...RATE, ...fields }, (request) => addRateAction(url, request, context));

beforeEach(() => {
  vi.clearAllMocks();
  api.setCommissionRate.mockResolvedValue({});
});

describe('basisPointsOf', () => {
  it('reads a percent with up to two decimals, exactly', () => {
    expect(basisPointsOf('15')).toBe(1500);
    expect(basisPointsOf('12.5')).toBe(1250);
    expect(basisPointsOf('7,25 %')).toBe(725);
    expect(basisPointsOf('0.01')).toBe(1);
    expect(basisPointsOf('0')).toBe(0);
    expect(basisPointsOf('100')).toBe(10_000);
    expect(basisPointsOf('١٢٫٥')).toBe(1250);
    // 0.29 × 100 is 28.999… in floating point: counted as text, it is 29.
    expect(basisPointsOf('0.29')).toBe(29);
  });

  it('is nothing for more than 100 %, three decimals, a sign or words', () => {
    for (const typed of ['100.01', '101', '12.345', '-5', '', 'ten', '1e2', '12.']) {
      expect(basisPointsOf(typed), typed).toBeUndefined();
    }
  });
});

describe('rateStates', () => {
  const rate = (id: string, validFrom: string, shop: string | null = null, service = 'food'): CommissionRate => ({
    id,
    countryCode: 'KE',
    service: service as CommissionRate['service'],
    shop: shop ? { id: shop, name: 'Mama' } : null,
    rateBp: 1500,
    validFrom,
  });

  it('marks the latest started rate of each service and shop as in force, later ones as coming', () => {
    const now = new Date('2026-11-15T00:00:00Z');
    const states = rateStates(
      [
        rate('next', '2026-12-01T00:00:00.000Z'),
        rate('now', '2026-11-01T00:00:00.000Z'),
        rate('old', '2026-01-01T00:00:00.000Z'),
        rate('shop', '2026-06-01T00:00:00.000Z', SHOP),
        rate('grocery', '2025-01-01T00:00:00.000Z', null, 'grocery'),
      ],
      now,
    );
    expect(Object.fromEntries(states)).toEqual({
      next: 'upcoming',
      now: 'current',
      old: 'replaced',
      shop: 'current',
      grocery: 'current',
    });
  });
});

describe('adding a rate', () => {
  it('sends basis points and the start on the market’s clock, then lists the market', async () => {
    expect(await add({})).toEqual({ redirect: '/operator/commission?countryCode=KE' });
    expect(api.setCommissionRate.mock.calls[0]?.[2]).toEqual({
      countryCode: 'KE',
      service: 'food',
      rateBp: 1250,
      // Midnight in Nairobi (UTC+3).
      validFrom: '2026-11-30T21:00:00.000Z',
    });
  });

  it('sends one shop’s rate', async () => {
    await add({ shopId: ` ${SHOP} `, rate: '10' });
    expect(api.setCommissionRate.mock.calls[0]?.[2]).toMatchObject({ shopId: SHOP, rateBp: 1000 });
  });

  it('puts each problem beside its field, what was typed kept', async () => {
    const answer = await add({ rate: '150', validFrom: '', shopId: 'mama' });
    expect(answer).toMatchObject({
      code: 400,
      status: 'invalid',
      errors: {
        rate: 'operator.commission.error.rate',
        validFrom: 'operator.commission.error.validFrom',
        shopId: 'operator.commission.error.shop',
      },
      values: { rate: '150', validFrom: '', shopId: 'mama' },
    });
    expect(api.setCommissionRate).not.toHaveBeenCalled();
  });

  it('says beside the shop id when no shop of the market and service has it', async () => {
    api.setCommissionRate.mockRejectedValueOnce(new ApiError(404, { errors: { message: 'No such shop' } }));
    expect(await add({ shopId: SHOP })).toMatchObject({
      status: 'invalid',
      errors: { shopId: 'operator.commission.error.shop' },
      values: { shopId: SHOP },
    });
  });
});

describe('freshRateValues', () => {
  it('starts the new rate at the next midnight on the market’s clock', () => {
    expect(freshRateValues('KE', new Date('2026-11-30T22:00:00Z')).validFrom).toBe('2026-12-02T00:00');
    expect(freshRateValues('ZA', new Date('2026-11-30T20:00:00Z')).validFrom).toBe('2026-12-01T00:00');
  });
});

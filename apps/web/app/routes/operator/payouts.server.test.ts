import type { PayoutLine } from '@malewa/contracts/operator/payouts';
import type { RouterContextProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '#app/platform/api-client/api-client.server.ts';
import { type ActionAnswer, submitAction } from '#app/platform/forms/submit-action.testing.ts';
import { payoutsCsv, payoutsScopeOf, recordPayoutsAction } from './payouts.server.ts';

const api = vi.hoisted(() => ({ recordPayouts: vi.fn(), listPayouts: vi.fn() }));
const toast = vi.hoisted(() => ({ showToast: vi.fn() }));
vi.mock('#app/features/ledger/ledger-api.server.ts', () => api);
vi.mock('#app/platform/feedback/toast.server.ts', () => toast);

const context = {} as Readonly<RouterContextProvider>;
const url = new URL('http://malewa.test/operator/payouts?countryCode=KE&from=2026-11-01&to=2026-11-30');
const MAMA = '0b7c3b8e-2f4a-4c55-9d7e-3f1a2b3c4d5e';
const NYAMA = '6f1d2c3b-4a5e-4f60-8b7c-9d0e1f2a3b4c';
const KEY = '5d3f0c1e-9a7b-4c2d-8e6f-0a1b2c3d4e5f';

const FORM = {
  countryCode: 'KE',
  from: '2026-11-01',
  to: '2026-11-30',
  idempotencyKey: KEY,
  [`amount-${MAMA}`]: '150050',
  [`name-${MAMA}`]: 'Mama Oliech',
  [`amount-${NYAMA}`]: '9900',
  [`name-${NYAMA}`]: 'Nyama Choma Corner',
};

/** Posts the form with the shops ticked (`pay`, repeated) and reads the answer. */
function record(pay: string[], fields: Record<string, string> = {}): Promise<ActionAnswer> {
  return submitAction(url, { ...FORM, ...fields }, (request) => {
    const form = new FormData();
    for (const [name, value] of Object.entries({ ...FORM, ...fields })) form.set(name, value);
    for (const shop of pay) form.append('pay', shop);
    return recordPayoutsAction(url, new Request(request.url, { method: 'POST', body: form }), context);
  });
}

beforeEach(() => {
  vi.clearAllMocks();
  api.recordPayouts.mockResolvedValue({ batchId: KEY, payouts: [] });
});

describe('payoutsScopeOf', () => {
  it('is South Africa, this month up to yesterday on its clock, by default', () => {
    const scope = payoutsScopeOf(new URL('http://malewa.test/operator/payouts'), new Date('2026-11-15T10:00:00Z'));
    expect(scope).toMatchObject({ market: 'ZA', period: { from: '2026-11-01', to: '2026-11-14' }, invalid: false });
    // On the 1st, yesterday is last month's last day: all of last month.
    const first = payoutsScopeOf(
      new URL('http://malewa.test/operator/payouts?countryCode=KE'),
      new Date('2026-11-30T22:00:00Z'),
    );
    expect(first).toMatchObject({ market: 'KE', period: { from: '2026-11-01', to: '2026-11-30' } });
  });

  it('keeps a period that ends before it starts as typed, with the default’s list', () => {
    const scope = payoutsScopeOf(
      new URL('http://malewa.test/operator/payouts?countryCode=XX&from=2026-11-30&to=2026-11-01'),
      new Date('2026-11-15T10:00:00Z'),
    );
    expect(scope).toEqual({
      market: 'ZA',
      period: { from: '2026-11-01', to: '2026-11-14' },
      asked: { from: '2026-11-30', to: '2026-11-01' },
      invalid: true,
    });
  });
});

describe('payoutsCsv', () => {
  const line = (id: string, name: string, amount: number, paid = false): PayoutLine => ({
    shop: { id, name, slug: 'x' },
    amount: { amount, currency: 'KES' },
    paid,
  });

  it('lists the shops still to pay for a bulk payment, in major units, with the period', () => {
    const csv = payoutsCsv(
      [line(MAMA, 'Mama Oliech, Kilimani', 150_050), line(NYAMA, 'Nyama', 9_900, true), line(KEY, '=1+1', 100)],
      { from: '2026-11-01', to: '2026-11-30' },
    );
    expect(csv.split('\r\n')).toEqual([
      'shop_name,shop_id,amount,currency,period',
      `"Mama Oliech, Kilimani",${MAMA},1500.5,KES,2026-11-01/2026-11-30`,
      `'=1+1,${KEY},1,KES,2026-11-01/2026-11-30`,
      '',
    ]);
  });
});

describe('recording payouts as paid', () => {
  it('sends the ticked shops with the listed amounts under the page’s key, then goes back to the list', async () => {
    expect(await record([MAMA, NYAMA])).toEqual({
      redirect: '/operator/payouts?countryCode=KE&from=2026-11-01&to=2026-11-30',
    });
    expect(api.recordPayouts).toHaveBeenCalledWith(context, expect.any(Request), KEY, {
      countryCode: 'KE',
      from: '2026-11-01',
      to: '2026-11-30',
      payouts: [
        { shopId: MAMA, amount: 150_050 },
        { shopId: NYAMA, amount: 9_900 },
      ],
    });
    expect(toast.showToast.mock.calls[0]?.[1]).toMatchObject({ type: 'success' });
    expect(toast.showToast.mock.calls[0]?.[1].title).toContain('2 payouts recorded as paid');
  });

  it('sends only the shops ticked', async () => {
    await record([NYAMA]);
    expect(api.recordPayouts.mock.calls[0]?.[3].payouts).toEqual([{ shopId: NYAMA, amount: 9_900 }]);
  });

  it('asks for a shop when none is ticked, and sends nothing', async () => {
    expect(await record([])).toMatchObject({
      code: 400,
      status: 'invalid',
      errors: { pay: 'operator.payouts.error.none' },
    });
    expect(api.recordPayouts).not.toHaveBeenCalled();
  });

  it('refuses a page’s form that lost its key or amounts, sending nothing', async () => {
    expect(await record([MAMA], { idempotencyKey: 'short' })).toMatchObject({
      status: 'invalid',
      errors: { form: 'operator.payouts.error.stale' },
    });
    expect(await record([MAMA], { [`amount-${MAMA}`]: '-5' })).toMatchObject({ status: 'invalid' });
    expect(api.recordPayouts).not.toHaveBeenCalled();
  });

  it('names the shop whose amount changed, or that was paid already, keeping the ticks', async () => {
    api.recordPayouts.mockRejectedValueOnce(
      new ApiError(422, { errors: { message: 'changed' }, problem: { code: 'amount_changed', shopId: NYAMA } }),
    );
    expect(await record([MAMA, NYAMA])).toMatchObject({
      code: 422,
      status: 'refused',
      reason: 'operator.payouts.error.changed',
      details: { shopId: NYAMA, shop: 'Nyama Choma Corner' },
      values: { pay: [MAMA, NYAMA] },
    });
    api.recordPayouts.mockRejectedValueOnce(
      new ApiError(422, { errors: { message: 'paid' }, problem: { code: 'already_paid', shopId: MAMA } }),
    );
    expect(await record([MAMA])).toMatchObject({
      reason: 'operator.payouts.error.paid',
      details: { shopId: MAMA, shop: 'Mama Oliech' },
    });
  });

  it('says a reused key or a batch in flight plainly', async () => {
    api.recordPayouts.mockRejectedValueOnce(
      new ApiError(422, { errors: { message: 'reused' }, problem: { code: 'key_reused' } }),
    );
    expect(await record([MAMA])).toMatchObject({ status: 'refused', reason: 'operator.payouts.error.stale' });
    api.recordPayouts.mockRejectedValueOnce(new ApiError(409, { errors: { message: 'in flight' } }));
    expect(await record([MAMA])).toMatchObject({ code: 409, reason: 'operator.payouts.error.busy' });
  });
});

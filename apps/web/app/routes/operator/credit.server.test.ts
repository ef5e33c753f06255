import type { RouterContextProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '#app/platform/api-client/api-client.server.ts';
import { submitAction } from '#app/platform/forms/submit-action.testing.ts';
import { grantCreditAction } from './credit.server.ts';

const api = vi.hoisted(() => ({ grantCredit: vi.fn() }));
const toast = vi.hoisted(() => ({ showToast: vi.fn() }));
vi.mock('#app/features/ledger/ledger-api.server.ts', () => api);
vi.mock('#app/platform/feedback/toast.server.ts', () => toast);

const context = {} as Readonly<RouterContextProvider>;
const url = new URL('http://malewa.test/operator/credit');
const ACCOUNT = '0b7c3b8e-2f4a-4c55-9d7e-3f1a2b3c4d5e';
const CREDIT = { countryCode: 'KE', accountId: ACCOUNT, amount: '150.50', reason: 'The rice came cold, sorry.' };

const give = (fields: Record<string, string>) =>
  submitAction(url, { ...CREDIT, ...fields }, (request) => grantCreditAction(url, request, context));

beforeEach(() => {
  vi.clearAllMocks();
  api.grantCredit.mockResolvedValue({ accountId: ACCOUNT, currency: 'KES', balanceMinor: 20_050 });
});

describe('goodwill credit', () => {
  it('sends the amount in minor units of the market’s currency, with the reason', async () => {
    expect(await give({})).toEqual({ redirect: '/operator/credit' });
    expect(api.grantCredit).toHaveBeenCalledWith(context, expect.any(Request), ACCOUNT, {
      amount: 15_050,
      currency: 'KES',
      reason: 'The rice came cold, sorry.',
    });
    expect(toast.showToast.mock.calls[0]?.[1]).toMatchObject({ type: 'success' });
    expect(toast.showToast.mock.calls[0]?.[1].title).toContain('200.50');
  });

  it('reads a franc without minor units as whole francs', async () => {
    api.grantCredit.mockResolvedValue({ accountId: ACCOUNT, currency: 'RWF', balanceMinor: 5000 });
    await give({ countryCode: 'RW', amount: '5 000' });
    expect(api.grantCredit.mock.calls[0]?.[3]).toMatchObject({ amount: 5000 });
    expect(toast.showToast.mock.calls[0]?.[1]).toMatchObject({ type: 'success' });
  });

  it('puts an account of another market’s currency on the market field: nothing is given', async () => {
    api.grantCredit.mockRejectedValue(
      new ApiError(422, { errors: {}, problem: { code: 'currency', currency: 'RWF' } }),
    );
    const answer = await give({});
    expect(answer).toMatchObject({ code: 400, errors: { countryCode: 'operator.credit.error.currency' } });
    expect(toast.showToast).not.toHaveBeenCalled();
  });

  it('puts each problem beside its field, what was typed kept, and sends nothing', async () => {
    const answer = await give({ accountId: 'mama', amount: '1.2.3', reason: 'sorry' });
    expect(answer).toMatchObject({
      code: 400,
      status: 'invalid',
      errors: {
        accountId: 'operator.credit.error.account',
        amount: 'operator.credit.error.amount',
        reason: 'operator.error.reason',
      },
      values: { accountId: 'mama', amount: '1.2.3', reason: 'sorry' },
    });
    expect(await give({ amount: '0' })).toMatchObject({ errors: { amount: 'operator.credit.error.amount' } });
    // No market chosen: no currency to read the amount in.
    expect(await give({ countryCode: '' })).toMatchObject({
      errors: { countryCode: 'operator.credit.error.market', amount: 'operator.credit.error.amount' },
    });
    expect(api.grantCredit).not.toHaveBeenCalled();
  });

  it('says beside the account id when no account has it', async () => {
    api.grantCredit.mockRejectedValueOnce(new ApiError(404, { errors: { message: 'No such account' } }));
    expect(await give({})).toMatchObject({
      status: 'invalid',
      errors: { accountId: 'operator.credit.error.account' },
      values: CREDIT,
    });
  });
});

import type { RouterContextProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '#app/platform/api-client/api-client.server.ts';
import { type ActionAnswer, submitAction } from '#app/platform/forms/submit-action.testing.ts';
import { submitOrderForm } from './account-orders.server.ts';

const api = vi.hoisted(() => ({
  cancelOrder: vi.fn(),
  getOrder: vi.fn(),
  listOrders: vi.fn(),
  rateOrder: vi.fn(),
  reorder: vi.fn(),
}));
vi.mock('#app/features/commerce/order-api.server.ts', () => api);
vi.mock('#app/platform/feedback/toast.server.ts', () => ({ showToast: vi.fn() }));

const context = {} as Readonly<RouterContextProvider>;
const ORDER = '7d9f2c1a-4b3e-4f5a-9c8d-1e2f3a4b5c6d';
const url = new URL(`http://malewa.test/account/orders/${ORDER}`);

function rate(fields: Record<string, string>): Promise<ActionAnswer> {
  return submitAction(url, { intent: 'rate', ...fields }, (request) => submitOrderForm(url, request, context, ORDER));
}

beforeEach(() => {
  vi.clearAllMocks();
  api.rateOrder.mockResolvedValue({});
});

describe('the order page’s rating', () => {
  it('sends the stars and the comment, trimmed', async () => {
    expect(await rate({ stars: '4', comment: ' Hot and on time ' })).toEqual({
      redirect: `/account/orders/${ORDER}`,
    });
    expect(api.rateOrder.mock.calls[0]?.[3]).toEqual({ stars: 4, comment: 'Hot and on time' });
  });

  it('puts a too long comment beside it, the stars and the comment kept', async () => {
    const comment = 'Lovely. '.repeat(130);
    expect(await rate({ stars: '3', comment })).toEqual({
      code: 400,
      status: 'invalid',
      intent: 'rate',
      values: { stars: '3', comment },
      errors: { comment: 'commerce.rating.long' },
    });
    expect(api.rateOrder).not.toHaveBeenCalled();
  });

  it('asks for the stars when none were chosen', async () => {
    expect((await rate({ stars: '9', comment: 'ok' })).errors).toEqual({ stars: 'commerce.rating.stars' });
  });

  it('puts the API’s refusal of a field beside it', async () => {
    api.rateOrder.mockRejectedValue(new ApiError(400, { errors: { comment: ['Too big'] } }));
    expect(await rate({ stars: '2', comment: 'Cold' })).toMatchObject({
      code: 400,
      status: 'invalid',
      values: { stars: '2', comment: 'Cold' },
      errors: { comment: 'commerce.rating.long' },
    });
  });
});

import type { RouterContextProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '#app/platform/api-client/api-client.server.ts';
import { type ActionAnswer, submitAction } from '#app/platform/forms/submit-action.testing.ts';
import { submitCartForm } from './cart-page.server.ts';

const api = vi.hoisted(() => ({
  addCartLine: vi.fn(),
  applyCoupon: vi.fn(),
  getCart: vi.fn(),
  removeCartLine: vi.fn(),
  removeCoupon: vi.fn(),
  updateCartLine: vi.fn(),
}));
vi.mock('#app/features/commerce/cart-api.server.ts', () => api);
vi.mock('#app/platform/feedback/toast.server.ts', () => ({ showToast: vi.fn() }));

const context = { get: () => ({ enabledServices: ['grocery'] }) } as unknown as Readonly<RouterContextProvider>;
const url = new URL('http://malewa.test/cart/grocery');
const LINE = '5f0c1b7e-3a2d-4c4e-8f10-2b3c4d5e6f70';

function send(fields: Record<string, string>): Promise<ActionAnswer> {
  return submitAction(url, fields, (request) => submitCartForm(url, request, context, 'grocery'));
}

beforeEach(() => {
  vi.clearAllMocks();
});

describe('the cart page’s forms, refused', () => {
  it('keep the quantity typed on the line that was sent, and its substitution', async () => {
    const answer = await send({ intent: 'update', lineId: LINE, quantity: '150', substitution: 'refund' });
    expect(answer).toMatchObject({
      code: 400,
      status: 'refused',
      reason: 'commerce.error.quantity',
      values: { lineId: LINE, quantity: '150', substitution: 'refund' },
    });
    expect(api.updateCartLine).not.toHaveBeenCalled();
  });

  it('keep the quantity the API refused', async () => {
    api.updateCartLine.mockRejectedValue(new ApiError(409, { errors: { message: 'Not enough left' } }));
    expect(await send({ intent: 'update', lineId: LINE, quantity: '40' })).toMatchObject({
      code: 409,
      reason: 'commerce.error.stock',
      values: { lineId: LINE, quantity: '40' },
    });
  });

  it('keep the coupon code as typed, whether its form or the API refused it', async () => {
    expect(await send({ intent: 'coupon', code: 'no!' })).toMatchObject({
      code: 400,
      reason: 'commerce.coupon.format',
      values: { lineId: '', code: 'no!' },
    });
    api.applyCoupon.mockRejectedValue(new ApiError(404, { errors: { message: 'No such coupon' } }));
    expect(await send({ intent: 'coupon', code: 'karibu10' })).toMatchObject({
      code: 404,
      reason: 'commerce.coupon.unknown',
      values: { lineId: '', code: 'karibu10' },
    });
    expect(api.applyCoupon.mock.calls[0]?.[3]).toBe('KARIBU10');
  });
});

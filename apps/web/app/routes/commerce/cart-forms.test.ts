import { describe, expect, it } from 'vitest';
import { ApiError } from '#app/platform/api-client/api-client.server.ts';
import { choicesOf, quantityOf, refusalReason } from './cart-page.server.ts';

describe('what the cart forms send', () => {
  it('reads a quantity with a point or a comma, and nothing else', () => {
    expect(quantityOf('2')).toBe(2);
    expect(quantityOf('1.5')).toBe(1.5);
    expect(quantityOf('1,5')).toBe(1.5);
    for (const bad of ['', '-1', '1e3', '0x10', '1.2.3', 'two', '1000']) expect(quantityOf(bad)).toBeNaN();
  });

  it('reads the chosen options in the item’s order, an option left empty included', () => {
    const form = new FormData();
    form.append('options-0', '');
    form.append('option-0', '1');
    form.append('options-1', '');
    form.append('options-2', '');
    form.append('option-2', '0');
    form.append('option-2', '2');
    expect(choicesOf(form)).toEqual([[1], [], [0, 2]]);
    expect(choicesOf(new FormData())).toEqual([]);
    const forged = new FormData();
    forged.append('options-0', '');
    forged.append('option-0', '-1');
    expect(choicesOf(forged)).toBeNull();
  });

  it('words each refusal of the API', () => {
    const refusal = (status: number, errors: Record<string, unknown> = {}, problem?: unknown) =>
      refusalReason(new ApiError(status, { errors: { message: 'no', ...errors }, problem } as never));
    expect(refusal(404)).toBe('commerce.error.gone');
    expect(refusal(409)).toBe('commerce.error.stock');
    expect(refusal(400, { quantity: ['Choose a multiple of 0.5'] })).toBe('commerce.error.quantity');
    expect(refusal(400, { choices: ['Choose Size'] })).toBe('commerce.error.choices');
    expect(refusal(422, {}, { code: 'expired' })).toBe('commerce.coupon.problem.expired');
    expect(refusal(422, {}, { code: 'below_minimum', minimumSubtotal: { amount: 50000, currency: 'KES' } })).toBe(
      'commerce.coupon.problem.below_minimum',
    );
    // A problem outside the endpoint's set is read as no problem.
    expect(refusal(422, {}, { code: 'something new' })).toBe('commerce.error.limit');
    expect(refusal(422)).toBe('commerce.error.limit');
  });
});

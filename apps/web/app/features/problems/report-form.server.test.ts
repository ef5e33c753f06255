import type { RouterContextProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '#app/platform/api-client/api-client.server.ts';
import { type ActionAnswer, submitAction } from '#app/platform/forms/submit-action.testing.ts';
import { submitReport } from './report-form.server.ts';

const ORDER = '3f0c1d2e-4b5a-4c6d-8e7f-901a2b3c4d5e';
const BREAD = 'a1a1a1a1-0000-4000-8000-000000000001';
const MILK = 'a1a1a1a1-0000-4000-8000-000000000002';

const api = vi.hoisted(() => ({ listOrderProblems: vi.fn(), reportProblem: vi.fn() }));
vi.mock('./problem-api.server.ts', () => api);
vi.mock('#app/platform/feedback/toast.server.ts', () => ({ showToast: vi.fn() }));

const context = {} as Readonly<RouterContextProvider>;
const url = new URL(`http://malewa.test/fr/account/orders/${ORDER}/problem`);
const send = (fields: Record<string, string>): Promise<ActionAnswer> =>
  submitAction(url, fields, (request) => submitReport(url, request, context, ORDER));

beforeEach(() => {
  vi.clearAllMocks();
  const money = { amount: 2000, currency: 'KES' };
  api.listOrderProblems.mockResolvedValue({
    lines: [
      { id: BREAD, name: { text: 'Bread', lang: 'en' }, quantity: 2, total: money },
      { id: MILK, name: { text: 'Milk', lang: 'en' }, quantity: 1.5, total: money },
    ],
  });
  api.reportProblem.mockResolvedValue({});
});

describe('a problem report', () => {
  it('sends the lines given a quantity, with their reasons and the note, then goes back to the order', async () => {
    const answer = await send({
      [`quantity:${BREAD}`]: '1',
      [`reason:${BREAD}`]: 'damaged',
      [`quantity:${MILK}`]: '',
      note: 'Squashed',
    });
    expect(answer.redirect).toBe(`/fr/account/orders/${ORDER}`);
    expect(api.reportProblem).toHaveBeenCalledWith(
      context,
      expect.any(Request),
      ORDER,
      { lines: [{ orderLineId: BREAD, quantity: 1, reason: 'damaged' }], note: 'Squashed' },
      null,
    );
  });

  it('reads a decimal comma, and puts a quantity above what was bought beside its line, the rest kept', async () => {
    await send({ [`quantity:${MILK}`]: '1,5', [`reason:${MILK}`]: 'missing' });
    expect(api.reportProblem.mock.calls[0]?.[3].lines).toEqual([
      { orderLineId: MILK, quantity: 1.5, reason: 'missing' },
    ]);
    const answer = await send({ [`quantity:${BREAD}`]: '3', [`reason:${BREAD}`]: 'missing', note: 'Late too' });
    expect(answer).toMatchObject({
      code: 400,
      status: 'invalid',
      errors: { [`line:${BREAD}`]: 'commerce.problem.error.quantity' },
      values: { note: 'Late too', quantities: { [BREAD]: '3' }, reasons: { [BREAD]: 'missing' } },
    });
    expect(Object.keys(answer.errors ?? {})).toEqual([`line:${BREAD}`]);
    expect(api.reportProblem).toHaveBeenCalledTimes(1);
  });

  it('asks for at least one line', async () => {
    const answer = await send({ note: 'Something was off' });
    expect(answer).toMatchObject({ status: 'invalid', errors: { lines: 'commerce.problem.error.lines' } });
    expect(api.reportProblem).not.toHaveBeenCalled();
  });

  it('says when the order is past its 48 hours, with what was typed', async () => {
    api.reportProblem.mockRejectedValue(
      new ApiError(422, {
        errors: { message: 'Too late' },
        problem: { code: 'too_late', deadline: '2026-11-24T09:30:00.000Z' },
      }),
    );
    const answer = await send({ [`quantity:${BREAD}`]: '1', [`reason:${BREAD}`]: 'wrong' });
    expect(answer).toMatchObject({ code: 422, status: 'refused', reason: 'commerce.problem.error.tooLate' });
    expect(answer.values).toMatchObject({ quantities: { [BREAD]: '1' } });
  });

  it('puts a photo the API refuses beside the photo', async () => {
    api.reportProblem.mockRejectedValue(new ApiError(415, { errors: { photo: ['Send a JPEG, PNG or WebP photo'] } }));
    const answer = await send({ [`quantity:${BREAD}`]: '1', [`reason:${BREAD}`]: 'wrong' });
    expect(answer).toMatchObject({ status: 'invalid', errors: { photo: 'commerce.problem.error.photo' } });
  });
});

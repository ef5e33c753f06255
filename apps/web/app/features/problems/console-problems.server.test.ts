import type { RouterContextProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '#app/platform/api-client/api-client.server.ts';
import { type ActionAnswer, submitAction } from '#app/platform/forms/submit-action.testing.ts';
import { submitResolution } from './console-problems.server.ts';

const PROBLEM = '5e6f7a8b-0000-4000-8000-000000000009';

const api = vi.hoisted(() => ({ resolveConsoleProblem: vi.fn(), listConsoleProblems: vi.fn(), problemPhoto: vi.fn() }));
vi.mock('./problem-api.server.ts', () => api);
vi.mock('#app/platform/feedback/toast.server.ts', () => ({ showToast: vi.fn() }));

const context = {} as Readonly<RouterContextProvider>;
const url = new URL('http://malewa.test/provider/problems?shop=0b7c3b8e-2f4a-4c55-9d7e-3f1a2b3c4d5e');
const resolve = (
  fields: Record<string, string>,
  console: 'provider' | 'operator' = 'provider',
): Promise<ActionAnswer> =>
  submitAction(url, { problem: PROBLEM, currency: 'KES', ...fields }, (request) =>
    submitResolution(url, request, context, console),
  );

beforeEach(() => {
  vi.clearAllMocks();
  api.resolveConsoleProblem.mockResolvedValue({});
});

describe('resolving a problem in a console', () => {
  it('sends the amount in minor units, where it goes and the note, then shows the page again', async () => {
    const answer = await resolve({ refund: '1,250.50', to: 'credit', note: 'Sorry about the bread' });
    expect(answer.redirect).toBe(`/provider/problems${url.search}`);
    expect(api.resolveConsoleProblem).toHaveBeenCalledWith(context, expect.any(Request), 'provider', PROBLEM, {
      refund: 125050,
      to: 'credit',
      note: 'Sorry about the bread',
    });
  });

  it('takes 0 for no refund, and refuses an amount that is none beside its field', async () => {
    await resolve({ refund: '0', to: 'credit' }, 'operator');
    expect(api.resolveConsoleProblem.mock.calls[0]?.[2]).toBe('operator');
    expect(api.resolveConsoleProblem.mock.calls[0]?.[4]).toEqual({ refund: 0, to: 'credit' });
    const answer = await resolve({ refund: 'lots', to: 'credit' });
    expect(answer).toMatchObject({
      code: 400,
      status: 'invalid',
      errors: { refund: 'provider.problems.error.amount' },
    });
    expect(answer.values).toMatchObject({ refund: 'lots' });
  });

  it('puts a refund above the cap beside the amount, with the cap written out', async () => {
    api.resolveConsoleProblem.mockRejectedValue(
      new ApiError(422, {
        errors: { message: 'At most 900' },
        problem: { code: 'above_cap', cap: { amount: 90000, currency: 'KES' }, to: 'credit' },
      }),
    );
    const answer = (await resolve({ refund: '1000', to: 'credit' })) as ActionAnswer & { details?: { cap: string } };
    expect(answer).toMatchObject({ status: 'invalid', errors: { refund: 'provider.problems.error.cap' } });
    expect(answer.details?.cap).toMatch(/900/);
  });

  it('says a shop resolves once', async () => {
    api.resolveConsoleProblem.mockRejectedValue(
      new ApiError(409, { errors: { message: 'Resolved' }, problem: { code: 'already_resolved' } }),
    );
    const answer = await resolve({ refund: '10', to: 'method' });
    expect(answer).toMatchObject({ code: 409, status: 'refused', reason: 'provider.problems.error.resolved' });
  });
});

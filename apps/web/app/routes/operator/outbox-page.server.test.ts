import type { ListOutboxResponse } from '@malewa/contracts/operator/list-outbox';
import type { RouterContextProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '#app/platform/api-client/api-client.server.ts';
import { submitAction } from '#app/platform/forms/submit-action.testing.ts';
import { ageOf, loadOutbox, retryAction } from './outbox-page.server.ts';

const MESSAGE = '5d1f8f7e-0a3b-4c2d-9e8f-1a2b3c4d5e6f';

const api = vi.hoisted(() => ({ listOutbox: vi.fn(), retryMessage: vi.fn() }));
const toast = vi.hoisted(() => ({ showToast: vi.fn() }));
const me = vi.hoisted(() => ({ loadMe: vi.fn() }));
vi.mock('#app/features/operator/operator-api.server.ts', () => api);
vi.mock('#app/platform/feedback/toast.server.ts', () => toast);
vi.mock('#app/platform/session/me.server.ts', () => me);

const context = {} as Readonly<RouterContextProvider>;

const retry = (path: string, fields: Record<string, string>) => {
  const url = new URL(`http://malewa.test${path}`);
  return submitAction(url, fields, (request) => retryAction(url, request, context));
};

beforeEach(() => {
  vi.clearAllMocks();
  api.retryMessage.mockResolvedValue({ id: MESSAGE, attempts: 0, nextAttemptAt: '2026-11-24T09:30:00.000Z' });
});

describe('retrying a dead message', () => {
  it('asks the API, says so, and goes back to the page it was on', async () => {
    expect(await retry('/operator/outbox', { message: MESSAGE })).toEqual({ redirect: '/operator/outbox' });
    expect(api.retryMessage).toHaveBeenCalledWith(context, expect.any(Request), MESSAGE);
    expect(toast.showToast.mock.calls[0]?.[1]).toMatchObject({
      type: 'success',
      title: 'The message is back in the queue.',
    });
    expect(await retry('/ar/operator/outbox?page=2', { message: MESSAGE })).toEqual({
      redirect: '/ar/operator/outbox?page=2',
    });
    expect(toast.showToast.mock.calls[1]?.[1].title).toBe('عادت الرسالة إلى طابور الإرسال.');
  });

  it('says a message retried meanwhile, or pruned, is gone (404)', async () => {
    api.retryMessage.mockRejectedValue(
      new ApiError(404, { errors: { message: 'No message given up on has this id' } }),
    );
    expect(await retry('/fr/operator/outbox', { message: MESSAGE })).toEqual({ redirect: '/fr/operator/outbox' });
    expect(toast.showToast.mock.calls[0]?.[1]).toMatchObject({
      type: 'info',
      title: expect.stringContaining('renvoyé'),
    });
  });

  it('keeps the page with an error when the API cannot take it', async () => {
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    api.retryMessage.mockRejectedValue(new ApiError(503, { errors: { message: 'Try again' } }));
    expect(await retry('/operator/outbox', { message: MESSAGE })).toMatchObject({
      code: 503,
      status: 'failed',
      values: { message: MESSAGE },
    });
    expect(toast.showToast).not.toHaveBeenCalled();
    quiet.mockRestore();
  });

  it('refuses a message that is no id, without asking the API', async () => {
    expect(await retry('/operator/outbox', { message: 'drop table' })).toMatchObject({
      code: 400,
      status: 'invalid',
      errors: { form: 'operator.outbox.error' },
    });
    expect(api.retryMessage).not.toHaveBeenCalled();
  });
});

describe('the outbox page', () => {
  it('shows the counts, the oldest’s wait and each dead message on the operator’s market’s clock', async () => {
    me.loadMe.mockResolvedValue({ user: { market: 'KE', roles: ['operator'] } });
    const answer: ListOutboxResponse = {
      data: [
        {
          id: MESSAGE,
          channel: 'sms',
          recipient: '+254•••••••78',
          template: 'confirm',
          attempts: 8,
          lastError: 'gateway answered 503',
          queuedAt: '2026-11-23T17:00:00.000Z',
          givenUpAt: '2026-11-23T18:49:00.000Z',
        },
      ],
      meta: { page: 2, perPage: 15, total: 16, totalPages: 2 },
      counts: { pending: 1204, dead: 16, oldestPendingAgeMs: 7 * 60_000 + 59_000 },
    };
    api.listOutbox.mockResolvedValue(answer);
    const url = new URL('http://malewa.test/operator/outbox?page=2');
    const page = await loadOutbox(url, new Request(url), context);
    expect(api.listOutbox).toHaveBeenCalledWith(context, expect.any(Request), { page: 2, perPage: 15 });
    expect(page).toMatchObject({
      counts: { pending: '1,204', dead: '16', anyDead: true, oldest: '7 minutes' },
      page: 2,
      pages: 2,
      title: 'Messages not sent | Malewa',
    });
    expect(page.messages).toEqual([
      {
        id: MESSAGE,
        channel: 'sms',
        recipient: '+254•••••••78',
        template: 'confirm',
        attempts: '8',
        lastError: 'gateway answered 503',
        queuedAt: '23 Nov 2026, 20:00',
        givenUpAt: '23 Nov 2026, 21:49',
      },
    ]);
  });
});

describe('ageOf', () => {
  it('says a wait in the largest whole unit, in the page’s language', () => {
    expect(ageOf(42_000, 'en-KE')).toBe('42 seconds');
    expect(ageOf(61_000, 'en-KE')).toBe('1 minute');
    expect(ageOf(3 * 60 * 60_000 + 59 * 60_000, 'en-KE')).toBe('3 hours');
    expect(ageOf(3 * 24 * 60 * 60_000, 'en-KE')).toBe('3 days');
    expect(ageOf(5 * 60_000, 'fr-KE')).toBe('5 minutes');
    expect(ageOf(2 * 60 * 60_000, 'sw-KE')).toMatch(/saa 2/);
  });
});

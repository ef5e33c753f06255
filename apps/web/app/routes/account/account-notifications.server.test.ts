import { RouterContextProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '#app/platform/api-client/api-client.server.ts';
import { submitNotificationsPage } from './account-notifications.server.ts';

const api = vi.hoisted(() => ({
  calls: [] as { path: string; method: string; body: unknown }[],
  error: undefined as unknown,
}));

vi.mock('#app/platform/api-client/api-client.server.ts', async (original) => ({
  ...(await original<typeof import('#app/platform/api-client/api-client.server.ts')>()),
  apiClientFor: () => ({
    call: async (endpoint: { path: string; method: string }, input: { body?: unknown }) => {
      api.calls.push({ path: endpoint.path, method: endpoint.method, body: input.body });
      if (api.error) throw api.error;
      return { data: {} };
    },
  }),
}));

async function outcomeOf(fields: Record<string, string>) {
  const url = new URL('http://localhost/fr/account/notifications');
  const request = new Request(url, { method: 'POST', body: new URLSearchParams(fields) });
  const sent = (await submitNotificationsPage(url, request, new RouterContextProvider())) as unknown as {
    data: unknown;
    init: { status?: number } | null;
  };
  return { status: sent.init?.status ?? 200, outcome: sent.data };
}

describe('the notifications page’s posts', () => {
  beforeEach(() => {
    api.calls = [];
    api.error = undefined;
  });

  it('save the checked boxes as the channels; an unchecked box (absent without JavaScript) is off', async () => {
    expect(await outcomeOf({ intent: 'save', sms: 'on', push: 'on' })).toMatchObject({
      status: 200,
      outcome: { status: 'done', intent: 'save' },
    });
    expect(api.calls).toEqual([
      { path: '/account/notification-preferences', method: 'PUT', body: { email: false, sms: true, push: true } },
    ]);
  });

  it('register and end this browser’s push subscription', async () => {
    await outcomeOf({ intent: 'subscribe', endpoint: 'https://push.example.net/x', p256dh: 'key', auth: 'secret' });
    await outcomeOf({ intent: 'unsubscribe', endpoint: 'https://push.example.net/x' });
    expect(api.calls).toEqual([
      {
        path: '/account/push-subscriptions',
        method: 'POST',
        body: { endpoint: 'https://push.example.net/x', keys: { p256dh: 'key', auth: 'secret' } },
      },
      { path: '/account/push-subscriptions', method: 'DELETE', body: { endpoint: 'https://push.example.net/x' } },
    ]);
  });

  it('say when the API refused, keeping what was checked', async () => {
    api.error = new ApiError(503, { errors: { message: 'down' } });
    expect(await outcomeOf({ intent: 'save', email: 'on' })).toEqual({
      status: 503,
      outcome: { status: 'failed', intent: 'save', values: { email: true, sms: false, push: false } },
    });
    api.error = new ApiError(400, { errors: { endpoint: ['must be https'] } });
    expect(await outcomeOf({ intent: 'subscribe', endpoint: 'http://x' })).toMatchObject({
      status: 400,
      outcome: { status: 'refused', intent: 'subscribe', reason: 'account.notifications.pushFailed' },
    });
  });
});

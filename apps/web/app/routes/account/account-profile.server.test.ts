import { RouterContextProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '#app/platform/api-client/api-client.server.ts';
import { submitProfilePage } from './account-profile.server.ts';

const answer = vi.hoisted(() => ({ error: undefined as unknown }));

vi.mock('#app/platform/api-client/api-client.server.ts', async (original) => ({
  ...(await original<typeof import('#app/platform/api-client/api-client.server.ts')>()),
  apiClientFor: () => ({
    call: async () => {
      throw answer.error;
    },
  }),
}));

async function outcomeOf(fields: Record<string, string>) {
  const request = new Request('http://localhost/account', { method: 'POST', body: new URLSearchParams(fields) });
  const sent = (await submitProfilePage(request, new RouterContextProvider())) as unknown as {
    data: unknown;
    init: { status?: number } | null;
  };
  return { status: sent.init?.status ?? 200, outcome: sent.data };
}

const credentials = {
  intent: 'credentials',
  newIdentifier: ' amina@example.com ',
  currentPassword: 'kitchen-2026',
};

describe('the profile page’s forms', () => {
  beforeEach(() => {
    answer.error = undefined;
  });

  it('say which form answered, each with its errors beside its fields', async () => {
    expect(await outcomeOf({ intent: 'credentials', newIdentifier: 'x@example.com' })).toEqual({
      status: 400,
      outcome: {
        status: 'invalid',
        intent: 'credentials',
        values: { newIdentifier: 'x@example.com' },
        errors: { currentPassword: 'account.error.currentPasswordMissing' },
      },
    });
    expect(await outcomeOf({ intent: 'profile', name: '', surname: 'Otieno' })).toMatchObject({
      status: 400,
      outcome: { status: 'invalid', intent: 'profile', values: { name: '', surname: 'Otieno' } },
    });
  });

  it('tell the account’s own identifier by the API’s problem, keeping it (trimmed) but no password', async () => {
    answer.error = new ApiError(400, {
      errors: { newIdentifier: ['This is already your email address or phone number'] },
      problem: { code: 'same_identifier' },
    });
    expect(await outcomeOf(credentials)).toEqual({
      status: 400,
      outcome: {
        status: 'invalid',
        intent: 'credentials',
        values: { newIdentifier: 'amina@example.com' },
        errors: { newIdentifier: 'account.error.newIdentifierSame' },
      },
    });
  });

  it('refuse a password change for an account with none (422)', async () => {
    answer.error = new ApiError(422, { errors: { message: 'No password' } });
    expect(await outcomeOf(credentials)).toMatchObject({
      status: 422,
      outcome: { status: 'refused', intent: 'credentials', reason: 'account.credentials.socialOnly' },
    });
  });

  it('say how long to wait after too many tries', async () => {
    answer.error = new ApiError(429, { errors: { message: 'Wait' } }, undefined, 60);
    expect(await outcomeOf(credentials)).toMatchObject({
      status: 429,
      outcome: { status: 'rate-limited', intent: 'credentials', minutes: 1 },
    });
  });
});

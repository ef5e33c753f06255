import { RouterContextProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '#app/platform/api-client/api-client.server.ts';
import { signIn } from './login-page.server.ts';

const answer = vi.hoisted(() => ({ error: undefined as unknown }));

vi.mock('#app/platform/api-client/api-client.server.ts', async (original) => ({
  ...(await original<typeof import('#app/platform/api-client/api-client.server.ts')>()),
  apiClientFor: () => ({
    call: async () => {
      throw answer.error;
    },
  }),
}));

function post(fields: Record<string, string>) {
  const body = new URLSearchParams(fields);
  return new Request('http://localhost/auth/login', { method: 'POST', body });
}

async function outcomeOf(fields: Record<string, string>) {
  const sent = (await signIn(post(fields), new RouterContextProvider())) as unknown as {
    data: unknown;
    init: { status?: number } | null;
  };
  return { status: sent.init?.status ?? 200, outcome: sent.data };
}

const typed = { identifier: 'amina@example.com', password: 'not-the-password', returnTo: '/food' };

describe('signing in', () => {
  beforeEach(() => {
    answer.error = undefined;
  });

  it('tells a wrong password by its problem, keeping what was typed but the password', async () => {
    answer.error = new ApiError(401, { errors: { message: 'No' }, problem: { code: 'wrong_credentials' } });
    expect(await outcomeOf(typed)).toEqual({
      status: 401,
      outcome: {
        status: 'refused',
        values: { identifier: 'amina@example.com', returnTo: '/food' },
        reason: 'auth.login.wrong',
      },
    });
  });

  it('tells an unconfirmed account by its problem', async () => {
    answer.error = new ApiError(403, { errors: { message: 'Confirm' }, problem: { code: 'unconfirmed' } });
    expect(await outcomeOf(typed)).toMatchObject({
      status: 403,
      outcome: { status: 'refused', reason: 'auth.login.unconfirmed' },
    });
  });

  it('puts the schema’s errors beside the fields before calling the API', async () => {
    expect(await outcomeOf({ identifier: '', password: '' })).toEqual({
      status: 400,
      outcome: {
        status: 'invalid',
        values: { identifier: '', returnTo: '' },
        errors: { identifier: 'auth.error.identifier', password: 'auth.error.password' },
      },
    });
  });

  it('says how long to wait after too many tries', async () => {
    answer.error = new ApiError(429, { errors: { message: 'Wait' } }, undefined, 120);
    expect(await outcomeOf(typed)).toMatchObject({ status: 429, outcome: { status: 'rate-limited', minutes: 2 } });
  });
});

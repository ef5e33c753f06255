import { RouterContextProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { loadWebConfig } from '#app/config.server.ts';
import { configContext } from '#app/context.ts';
import { action, loader } from './sign-out.tsx';

function post(fields: Record<string, string>) {
  const context = new RouterContextProvider();
  context.set(configContext, loadWebConfig({}));
  const request = new Request('http://localhost/sign-out', { method: 'POST', body: new URLSearchParams(fields) });
  return action({ request, context } as unknown as Parameters<typeof action>[0]);
}

describe('/sign-out', () => {
  it('answers a GET with 405: only a post from our own page signs out', () => {
    const response = loader();
    expect(response.status).toBe(405);
    expect(response.headers.get('Allow')).toBe('POST');
  });

  it('goes home in the language of the page the form was on', async () => {
    const response = await post({ returnTo: '/sw/account' });
    expect(response.status).toBe(303);
    expect(response.headers.get('Location')).toBe('/sw');
  });

  it('refuses a return path off the site', async () => {
    await expect(post({ returnTo: '//evil.example/' })).rejects.toMatchObject({ init: { status: 400 } });
  });
});

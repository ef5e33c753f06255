import type { Me } from '@malewa/contracts/auth/get-me';
import { RouterContextProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { forgetMe, loadMe, shareMe } from './me.server.ts';

const me = {
  user: { id: '0b6f2a52-2d3c-4e59-9a53-1f1d2c4b5a60', name: 'Wanjiru' },
  credential: null,
} as unknown as Me;
const request = new Request('http://localhost/account');

describe('the shopper asked once per request', () => {
  it('is read from a call already under way (the header’s), with no call of its own', async () => {
    const context = new RouterContextProvider();
    shareMe(context, Promise.resolve(me));
    // No API configuration in this context: a call of its own would throw.
    await expect(loadMe(context, request)).resolves.toBe(me);
  });

  it('keeps what a loader asked first, and asks again after forgetMe', async () => {
    const context = new RouterContextProvider();
    shareMe(context, Promise.resolve(me));
    const other = { ...me, credential: null } as Me;
    shareMe(context, Promise.resolve(other));
    await expect(loadMe(context, request)).resolves.toBe(me);
    forgetMe(context);
    expect(() => loadMe(context, request)).toThrow();
  });

  it('passes a failed call on to whoever asks, and to no one else', async () => {
    const context = new RouterContextProvider();
    // Unasked, the failure must not be an unhandled rejection (Vitest fails the run on one).
    shareMe(context, Promise.reject(new Error('401')));
    const asked = new RouterContextProvider();
    shareMe(asked, Promise.reject(new Error('401')));
    await expect(loadMe(asked, request)).rejects.toThrow('401');
  });
});

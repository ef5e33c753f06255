import { RouterContextProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { placeContext } from '#app/context.ts';
import type { Place } from '#app/platform/places/place.ts';
import { action, loader } from './set-location.tsx';

const KIGALI: Place = {
  id: '0f6f0a1e-4e1c-4d7e-9a61-5a7b4c3d2e10',
  slug: 'kigali',
  name: 'Kigali',
  countryCode: 'RW',
  latitude: -1.94,
  longitude: 30.06,
};

function post(fields: Record<string, string>) {
  const context = new RouterContextProvider();
  context.set(placeContext, { place: undefined, places: [KIGALI] });
  const request = new Request('http://localhost/set-location', { method: 'POST', body: new URLSearchParams(fields) });
  return action({ request, context } as unknown as Parameters<typeof action>[0]);
}

describe('POST /set-location', () => {
  it('remembers the city and its country as the market, and goes back to the same page', async () => {
    const response = await post({ place: KIGALI.slug, returnTo: '/fr/food/meals?page=2' });
    expect(response.status).toBe(303);
    expect(response.headers.get('Location')).toBe('/fr/food/meals?page=2');
    const cookies = response.headers.getSetCookie();
    expect(
      cookies.some((cookie) => cookie.startsWith(`malewa_place=${KIGALI.id};`) && cookie.includes('HttpOnly')),
    ).toBe(true);
    expect(cookies.some((cookie) => cookie.startsWith('malewa_market=RW;'))).toBe(true);
  });

  it.each(['', 'not-a-place', '00000000-0000-4000-8000-000000000000'])(
    'refuses a place that is not one of ours (%j)',
    async (place) => {
      await expect(post({ place, returnTo: '/' })).rejects.toMatchObject({ init: { status: 400 } });
    },
  );

  it('refuses a return address off the site', async () => {
    await expect(post({ place: KIGALI.slug, returnTo: '//evil.example/' })).rejects.toMatchObject({
      init: { status: 400 },
    });
  });

  it('tells a GET to post', async () => {
    const response = loader();
    expect(response.status).toBe(405);
  });
});

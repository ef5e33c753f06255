import { RouterContextProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { placeContext } from '#app/context.ts';
import type { Place } from '#app/platform/places/place.ts';
import { loader } from './place-page.tsx';

const KIGALI: Place = {
  id: '0f6f0a1e-4e1c-4d7e-9a61-5a7b4c3d2e10',
  slug: 'kigali',
  name: 'Kigali',
  countryCode: 'RW',
  latitude: -1.94,
  longitude: 30.06,
};

function load(address: string) {
  const context = new RouterContextProvider();
  context.set(placeContext, { place: KIGALI, places: [KIGALI] });
  const url = new URL(address, 'http://localhost');
  return loader({ url, context } as unknown as Parameters<typeof loader>[0]);
}

describe('GET /place', () => {
  it('lists the cities by slug, without their ids, with the current one and the page to return to', () => {
    const data = load('/fr/place?returnTo=%2Ffr%2Ffood%2Fmeals%3Fpage%3D2');
    expect(data.places).toEqual([
      { slug: 'kigali', name: 'Kigali', countryCode: 'RW', latitude: -1.94, longitude: 30.06 },
    ]);
    expect(JSON.stringify(data)).not.toContain(KIGALI.id);
    expect(data.current).toBe('kigali');
    expect(data.returnTo).toBe('/fr/food/meals?page=2');
    expect(data.title).toMatch(/Malewa$/);
  });

  it.each(['//evil.example/', 'https://evil.example/', '/\\evil.example', '/place?returnTo=/food', '/fr/place', ''])(
    'returns home rather than off the site or back to itself (%j)',
    (returnTo) => {
      expect(load(`/place?returnTo=${encodeURIComponent(returnTo)}`).returnTo).toBe('/');
    },
  );
});

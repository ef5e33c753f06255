import { ZCreateLocationRequestSchema } from '@malewa/contracts/locations/create-location';
import type { Location } from '@malewa/contracts/locations/location';
import { seedIfEmpty } from '@malewa/db/seed/seed-if-empty';
import type { TestDatabase } from '@malewa/db/testing/test-database';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '#api/app-error.ts';
import { createFileDatabase } from '#api/testing/test-app.ts';
import { createLocation } from './create-location.ts';
import { deleteLocation } from './delete-location.ts';
import { getLocation } from './get-location.ts';
import { createLocationsRepository, type LocationsRepository } from './locations-repository.ts';
import { updateLocation } from './update-location.ts';

// The rules of the writes, driven through the services the routes call, with the real
// repository on a real database; locations.test.ts covers the HTTP writes by role.

let database: TestDatabase;
let deps: { locations: LocationsRepository };
let capeTown: Location;
let nairobi: Location;

beforeAll(async () => {
  database = await createFileDatabase();
  await seedIfEmpty(database.db);
  deps = { locations: createLocationsRepository(database.db) };
  const { items } = await deps.locations.list({
    offset: 0,
    limit: 100,
    sortBy: 'name',
    order: 'asc',
    searchKeyword: undefined,
  });
  const bySlug = (slug: string) => {
    const found = items.find((location) => location.slug === slug);
    if (!found) throw new Error(`seeded location ${slug} is missing`);
    return found;
  };
  capeTown = bySlug('cape-town');
  nairobi = bySlug('nairobi');
});

afterAll(async () => {
  await database?.destroy();
});

/** The body as the route hands it to the service: parsed, with the schema's defaults. */
function input(body: Record<string, unknown>) {
  return ZCreateLocationRequestSchema.parse(body);
}

const waterfront = () =>
  input({
    name: 'Cape Town Waterfront',
    kind: 'area',
    parentId: capeTown.id,
    countryCode: 'ZA',
    latitude: -33.9036,
    longitude: 18.4207,
  });

/** Runs `action` and returns the AppError it must throw. */
async function appErrorOf(action: () => Promise<unknown>): Promise<AppError> {
  const error = await action().then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe('createLocation', () => {
  it('derives the slug from the name and the time zone from the marketplace', async () => {
    const created = await createLocation(deps, waterfront());

    expect(created).toMatchObject({
      slug: 'cape-town-waterfront',
      name: 'Cape Town Waterfront',
      kind: 'area',
      parentId: capeTown.id,
      countryCode: 'ZA',
      currencies: ['ZAR'],
      timezone: 'Africa/Johannesburg',
      isActive: true,
    });
    expect(await getLocation(deps, created.id)).toEqual(created);
  });

  it('keeps an explicit slug and time zone', async () => {
    const created = await createLocation(
      deps,
      input({
        name: 'Eldoret',
        slug: 'eldoret-town',
        countryCode: 'KE',
        timezone: 'Africa/Nairobi',
        latitude: 0.5143,
        longitude: 35.2698,
      }),
    );

    expect(created).toMatchObject({ slug: 'eldoret-town', kind: 'city', parentId: null, currencies: ['KES'] });
  });

  it('refuses a slug that is already taken as a conflict on the slug field', async () => {
    const error = await appErrorOf(() => createLocation(deps, { ...waterfront(), name: 'Cape Town  Waterfront!' }));

    expect(error.code).toBe('CONFLICT');
    expect(error.fields?.slug).toEqual([expect.any(String)]);
  });

  it('refuses an area without its city', async () => {
    const error = await appErrorOf(() => createLocation(deps, { ...waterfront(), slug: 'orphan', parentId: null }));

    expect(error.code).toBe('BUSINESS_RULE');
    expect(error.fields?.parentId).toEqual([expect.any(String)]);
  });

  it('refuses a city that names a parent', async () => {
    const error = await appErrorOf(() =>
      createLocation(deps, { ...waterfront(), slug: 'city-in-city', kind: 'city', parentId: capeTown.id }),
    );

    expect(error.code).toBe('BUSINESS_RULE');
    expect(error.fields?.parentId).toEqual([expect.any(String)]);
  });

  it('refuses a parent city in another country', async () => {
    const error = await appErrorOf(() =>
      createLocation(deps, { ...waterfront(), slug: 'westlands', countryCode: 'KE', parentId: capeTown.id }),
    );

    expect(error.code).toBe('BUSINESS_RULE');
    expect(error.fields?.parentId).toEqual(['The parent city is in another country.']);
  });

  it('refuses an area as the parent', async () => {
    const area = await createLocation(deps, { ...waterfront(), name: 'Sea Point' });

    const error = await appErrorOf(() =>
      createLocation(deps, { ...waterfront(), name: 'Sea Point Promenade', parentId: area.id }),
    );

    expect(error.code).toBe('BUSINESS_RULE');
    expect(error.fields?.parentId).toEqual(['The parent must be a city.']);
  });

  it('refuses a name without any letter usable in a slug', async () => {
    const error = await appErrorOf(() => createLocation(deps, input({ ...waterfront(), name: 'ኢትዮጵያ' })));

    expect(error.code).toBe('VALIDATION_FAILED');
    expect(error.fields?.slug).toEqual([expect.any(String)]);
  });
});

describe('updateLocation', () => {
  it('replaces the fields and bumps updatedAt, keeping createdAt', async () => {
    const created = new Date('2026-11-24T09:30:00Z');
    const edited = new Date('2026-11-24T10:45:00Z');
    const before = await createLocation(
      { ...deps, now: () => created },
      input({ name: 'Karen', kind: 'area', parentId: nairobi.id, countryCode: 'KE', latitude: -1.32, longitude: 36.7 }),
    );

    const after = await updateLocation(
      { ...deps, now: () => edited },
      before.id,
      input({
        name: 'Karen Estate',
        kind: 'area',
        parentId: nairobi.id,
        countryCode: 'KE',
        latitude: -1.3197,
        longitude: 36.7076,
        isActive: false,
      }),
    );

    expect(after).toMatchObject({
      id: before.id,
      slug: 'karen-estate',
      name: 'Karen Estate',
      latitude: -1.3197,
      longitude: 36.7076,
      isActive: false,
      createdAt: created.toISOString(),
      updatedAt: edited.toISOString(),
    });
    expect(before.updatedAt).toBe(created.toISOString());
    expect(await getLocation(deps, before.id)).toEqual(after);
  });

  it('refuses a location as its own parent', async () => {
    const error = await appErrorOf(() =>
      updateLocation(deps, capeTown.id, input({ ...waterfront(), slug: 'cape-town', parentId: capeTown.id })),
    );

    expect(error.code).toBe('BUSINESS_RULE');
    expect(error.fields?.parentId).toEqual(['A location cannot be its own parent.']);
  });

  it('refuses to move a city with areas to another country', async () => {
    const error = await appErrorOf(() =>
      updateLocation(deps, capeTown.id, input({ ...capeTown, countryCode: 'BW', timezone: undefined })),
    );

    expect(error.code).toBe('BUSINESS_RULE');
    expect(error.fields?.countryCode).toEqual([expect.any(String)]);
    expect((await getLocation(deps, capeTown.id)).countryCode).toBe('ZA');
  });

  it('refuses to turn a city with areas into an area', async () => {
    const midrand = await createLocation(
      deps,
      input({ name: 'Midrand', countryCode: 'ZA', latitude: -25.9992, longitude: 28.1263 }),
    );
    await createLocation(
      deps,
      input({
        name: 'Halfway House',
        kind: 'area',
        parentId: midrand.id,
        countryCode: 'ZA',
        latitude: -26.0,
        longitude: 28.12,
      }),
    );

    const error = await appErrorOf(() =>
      updateLocation(deps, midrand.id, input({ ...midrand, kind: 'area', parentId: capeTown.id })),
    );

    expect(error.code).toBe('BUSINESS_RULE');
    expect(error.fields?.kind).toEqual([expect.any(String)]);
    expect((await getLocation(deps, midrand.id)).kind).toBe('city');
  });

  it('lets a city without areas move to another country, taking its time zone along', async () => {
    const city = await createLocation(
      deps,
      input({ name: 'Kasane', countryCode: 'ZW', latitude: -17.8, longitude: 25.15 }),
    );

    const moved = await updateLocation(deps, city.id, input({ ...city, countryCode: 'BW', timezone: undefined }));

    expect(moved).toMatchObject({ countryCode: 'BW', timezone: 'Africa/Gaborone', currencies: ['BWP'] });
  });

  it('answers NOT_FOUND for an unknown id', async () => {
    const error = await appErrorOf(() =>
      updateLocation(deps, '00000000-0000-4000-8000-000000000000', input({ ...nairobi, slug: 'nowhere' })),
    );

    expect(error.code).toBe('NOT_FOUND');
  });
});

describe('deleteLocation', () => {
  it('refuses to delete a city that still has areas', async () => {
    const error = await appErrorOf(() => deleteLocation(deps, capeTown.id));

    expect(error.code).toBe('CONFLICT');
    expect(await getLocation(deps, capeTown.id)).toMatchObject({ slug: 'cape-town' });
  });

  it('still answers CONFLICT from the foreign key, for an area added after the check', async () => {
    const error = await appErrorOf(() => deps.locations.remove(capeTown.id));

    expect(error.code).toBe('CONFLICT');
  });

  it('deletes a location without areas', async () => {
    const city = await createLocation(
      deps,
      input({ name: 'Gweru', countryCode: 'ZW', latitude: -19.4167, longitude: 29.8167 }),
    );

    expect(await deleteLocation(deps, city.id)).toEqual({ id: city.id, deleted: true });
    expect((await appErrorOf(() => getLocation(deps, city.id))).code).toBe('NOT_FOUND');
  });

  it('answers NOT_FOUND for an unknown id', async () => {
    const error = await appErrorOf(() => deleteLocation(deps, '00000000-0000-4000-8000-000000000000'));

    expect(error.code).toBe('NOT_FOUND');
  });
});

import type { Location, LocationInput } from '@malewa/contracts/locations/location';
import { AppError } from '#api/app-error.ts';
import { slugify } from '#api/slugify.ts';
import type { LocationRecord, LocationsRepository } from './locations-repository.ts';

/**
 * The business rules shared by create and replace (`current` is the location being replaced):
 * the market must exist, an area must sit inside a city of the same country, and slug and time
 * zone get their defaults.
 */
export async function settleLocation(
  deps: { locations: LocationsRepository },
  input: LocationInput,
  current?: Location,
): Promise<LocationRecord> {
  const marketplace = await deps.locations.findMarketplace(input.countryCode);
  if (!marketplace) {
    throw new AppError('BUSINESS_RULE', 'Malewa does not operate in this country yet.', {
      fields: { countryCode: ['Malewa does not operate in this country yet.'] },
    });
  }

  if (input.kind === 'area' && !input.parentId) {
    throw new AppError('BUSINESS_RULE', 'An area needs the city it belongs to.', {
      fields: { parentId: ['Choose the city this area belongs to.'] },
    });
  }
  if (input.kind === 'city' && input.parentId) {
    // Cities are the top of the hierarchy: a city under a city would hide it from city lists.
    throw new AppError('BUSINESS_RULE', 'A city does not belong to another location.', {
      fields: { parentId: ['Leave the parent empty for a city, or make this location an area.'] },
    });
  }
  if (input.parentId) {
    const parent = await deps.locations.findById(input.parentId);
    const problem = !parent
      ? 'The parent location does not exist.'
      : parent.id === current?.id
        ? 'A location cannot be its own parent.'
        : parent.kind !== 'city'
          ? 'The parent must be a city.'
          : parent.countryCode !== input.countryCode
            ? 'The parent city is in another country.'
            : undefined;
    if (problem) throw new AppError('BUSINESS_RULE', problem, { fields: { parentId: [problem] } });
  }

  // Replacing a city must not strand its areas under an area or in another country.
  if (current && (input.kind === 'area' || input.countryCode !== current.countryCode)) {
    if ((await deps.locations.countAreas(current.id)) > 0) {
      const field = input.kind === 'area' ? 'kind' : 'countryCode';
      const problem =
        input.kind === 'area'
          ? 'This city has areas, so it cannot become an area: move or delete them first.'
          : 'This city has areas, so it cannot move to another country: move or delete them first.';
      throw new AppError('BUSINESS_RULE', problem, { fields: { [field]: [problem] } });
    }
  }

  const slug = input.slug ?? slugify(input.name);
  if (slug.length < 2) {
    throw new AppError('VALIDATION_FAILED', 'Give this location a slug.', {
      fields: { slug: ['The name has too few Latin letters or digits for a slug: give one.'] },
    });
  }

  return {
    name: input.name,
    slug,
    kind: input.kind,
    parentId: input.parentId,
    countryCode: input.countryCode,
    timezone: input.timezone ?? marketplace.timezone,
    latitude: input.latitude,
    longitude: input.longitude,
    isActive: input.isActive,
  };
}

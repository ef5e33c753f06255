/**
 * `npm run basemap`: the map's offline basemap (issue 11), from Natural Earth via world-atlas
 * (ISC): the six markets' outlines at 1:50m and the rest of the continent at 1:110m around
 * them, as one GeoJSON file the map view loads when no tile server is configured. Coordinates
 * are rounded to 0.01° (about 1 km), plenty for outlines and a third of the bytes.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';

const require = createRequire(import.meta.url);
const OUT = fileURLToPath(new URL('../apps/web/public/geo/basemap.json', import.meta.url));

/** ISO 3166 numeric codes of the six markets, as world-atlas names its countries. */
const MARKETS: Record<string, string> = {
  '710': 'ZA',
  '404': 'KE',
  '646': 'RW',
  '072': 'BW',
  '716': 'ZW',
  '508': 'MZ',
};
/** The rest of the map's frame: Africa south of the Sahara's edge, east to the coast. */
const FRAME = { west: 5, east: 52, south: -36, north: 8 };

function topology(file: string): Topology {
  return JSON.parse(readFileSync(require.resolve(`world-atlas/${file}`), 'utf8')) as Topology;
}

type Position = number[];
const round = (value: unknown): unknown =>
  Array.isArray(value) && typeof value[0] === 'number'
    ? (value as Position).map((n) => Math.round(n * 100) / 100)
    : Array.isArray(value)
      ? value.map(round)
      : value;

function inFrame(coordinates: unknown): boolean {
  const flat =
    JSON.stringify(coordinates)
      .match(/-?\d+(\.\d+)?/g)
      ?.map(Number) ?? [];
  for (let index = 0; index + 1 < flat.length; index += 2) {
    const [lng, lat] = [flat[index] ?? 0, flat[index + 1] ?? 0];
    if (lng >= FRAME.west && lng <= FRAME.east && lat >= FRAME.south && lat <= FRAME.north) return true;
  }
  return false;
}

const detailed = topology('countries-50m.json');
const coarse = topology('countries-110m.json');
const markets = feature(detailed, detailed.objects.countries as GeometryCollection).features.filter(
  (country) => MARKETS[String(country.id)],
);
const neighbours = feature(coarse, coarse.objects.countries as GeometryCollection).features.filter(
  (country) =>
    !MARKETS[String(country.id)] &&
    inFrame(country.geometry && 'coordinates' in country.geometry ? country.geometry.coordinates : []),
);
const collection = {
  type: 'FeatureCollection',
  features: [
    ...neighbours.map((country) => ({
      type: 'Feature',
      properties: { market: null },
      geometry: { ...country.geometry, coordinates: round((country.geometry as { coordinates: unknown }).coordinates) },
    })),
    ...markets.map((country) => ({
      type: 'Feature',
      properties: { market: MARKETS[String(country.id)] },
      geometry: { ...country.geometry, coordinates: round((country.geometry as { coordinates: unknown }).coordinates) },
    })),
  ],
};
writeFileSync(OUT, `${JSON.stringify(collection)}\n`);
console.log(`wrote ${OUT}: ${markets.length} markets, ${neighbours.length} neighbours`);

import { MARKET_TIME_ZONES } from '@malewa/contracts/country-codes';

/**
 * The markets Malewa operates in and the cities it delivers to first. These are real places
 * with their real centre coordinates (WGS 84) and time zones (the contracts' list, which the
 * storefront reads dates in); an operator adds more through the locations API.
 */
export const MARKETPLACES = [
  {
    countryCode: 'ZA',
    name: 'South Africa',
    currencies: ['ZAR'],
    defaultLocale: 'en',
    timezone: MARKET_TIME_ZONES.ZA,
  },
  { countryCode: 'KE', name: 'Kenya', currencies: ['KES'], defaultLocale: 'sw', timezone: MARKET_TIME_ZONES.KE },
  { countryCode: 'RW', name: 'Rwanda', currencies: ['RWF'], defaultLocale: 'rw', timezone: MARKET_TIME_ZONES.RW },
  { countryCode: 'BW', name: 'Botswana', currencies: ['BWP'], defaultLocale: 'en', timezone: MARKET_TIME_ZONES.BW },
  {
    countryCode: 'ZW',
    name: 'Zimbabwe',
    currencies: ['USD', 'ZWG'],
    defaultLocale: 'en',
    timezone: MARKET_TIME_ZONES.ZW,
  },
  { countryCode: 'MZ', name: 'Mozambique', currencies: ['MZN'], defaultLocale: 'pt', timezone: MARKET_TIME_ZONES.MZ },
] as const;

export const CITIES = [
  { countryCode: 'ZA', slug: 'johannesburg', name: 'Johannesburg', latitude: -26.2041, longitude: 28.0473 },
  { countryCode: 'ZA', slug: 'cape-town', name: 'Cape Town', latitude: -33.9249, longitude: 18.4241 },
  { countryCode: 'ZA', slug: 'durban', name: 'Durban', latitude: -29.8587, longitude: 31.0218 },
  { countryCode: 'ZA', slug: 'pretoria', name: 'Pretoria', latitude: -25.7479, longitude: 28.2293 },
  { countryCode: 'KE', slug: 'nairobi', name: 'Nairobi', latitude: -1.2921, longitude: 36.8219 },
  { countryCode: 'KE', slug: 'mombasa', name: 'Mombasa', latitude: -4.0435, longitude: 39.6682 },
  { countryCode: 'KE', slug: 'kisumu', name: 'Kisumu', latitude: -0.0917, longitude: 34.768 },
  { countryCode: 'RW', slug: 'kigali', name: 'Kigali', latitude: -1.9441, longitude: 30.0619 },
  { countryCode: 'RW', slug: 'huye', name: 'Huye', latitude: -2.5967, longitude: 29.7394 },
  { countryCode: 'RW', slug: 'musanze', name: 'Musanze', latitude: -1.4998, longitude: 29.6349 },
  { countryCode: 'BW', slug: 'gaborone', name: 'Gaborone', latitude: -24.6282, longitude: 25.9231 },
  { countryCode: 'BW', slug: 'francistown', name: 'Francistown', latitude: -21.17, longitude: 27.508 },
  { countryCode: 'BW', slug: 'maun', name: 'Maun', latitude: -19.9833, longitude: 23.4167 },
  { countryCode: 'ZW', slug: 'harare', name: 'Harare', latitude: -17.8252, longitude: 31.0335 },
  { countryCode: 'ZW', slug: 'bulawayo', name: 'Bulawayo', latitude: -20.1325, longitude: 28.6265 },
  { countryCode: 'ZW', slug: 'mutare', name: 'Mutare', latitude: -18.9707, longitude: 32.6709 },
  { countryCode: 'MZ', slug: 'maputo', name: 'Maputo', latitude: -25.9692, longitude: 32.5732 },
  { countryCode: 'MZ', slug: 'beira', name: 'Beira', latitude: -19.8436, longitude: 34.8389 },
  { countryCode: 'MZ', slug: 'nampula', name: 'Nampula', latitude: -15.1165, longitude: 39.2666 },
] as const;

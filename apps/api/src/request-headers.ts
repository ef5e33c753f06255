import type { FastifyRequest } from 'fastify';
import type { PlaceHeaders } from './shopper-market.ts';

/** A request header's value (the first, if it came more than once). */
export function header(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/** The first language tag of an Accept-Language header, reduced to its language (`sw-KE` → `sw`). */
export function firstLanguage(value: string | undefined): string | undefined {
  const first = value?.split(',')[0]?.split(';')[0]?.trim().toLowerCase();
  const language = first?.split('-')[0];
  return language && /^[a-z]{2,3}$/.test(language) ? language : undefined;
}

/** Where the shopper is and what they read: X-STORE-ID, X-STORE-LOCATION, Accept-Language. */
export function placeHeaders(request: FastifyRequest): PlaceHeaders {
  return {
    storeId: header(request, 'x-store-id'),
    storeLocation: header(request, 'x-store-location'),
    language: firstLanguage(header(request, 'accept-language')),
  };
}

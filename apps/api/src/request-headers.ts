import type { FastifyRequest } from 'fastify';

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

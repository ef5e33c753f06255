import { z } from 'zod';

/**
 * The storefront's 25 interface languages (apps/web/app/platform/i18n/locales.ts holds their names,
 * flags and fallbacks). The API keeps a user's choice to write messages in it and to build
 * links under its route prefix (English is unprefixed).
 */
export const INTERFACE_LOCALES = [
  'en',
  'ar',
  'es',
  'fr',
  'pt',
  'sw',
  'af',
  'ak',
  'bas',
  'de',
  'ewe',
  'ff',
  'ig',
  'kam',
  'ki',
  'ln',
  'lu',
  'nl',
  'rw',
  'sn',
  'tn',
  'tw',
  'xh',
  'yo',
  'zu',
] as const;
export const ZInterfaceLocaleSchema = z.enum(INTERFACE_LOCALES);
export type InterfaceLocale = z.infer<typeof ZInterfaceLocaleSchema>;

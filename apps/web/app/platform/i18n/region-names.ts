import { fallbackChain, findLocale, type LocaleCode } from './locales.ts';

/**
 * Names countries in a locale's language. The runtime's CLDR data is thin for some of our
 * languages (in Kinyarwanda it names only Rwanda, in Setswana not Kenya), and there `Intl`
 * prints the bare code ("KE"), which reads like a missing translation; such a name comes from
 * the next language of the locale's fallback chain instead (rw → en, ln → fr → en), as a
 * missing message does.
 */
export function regionNamesFor(code: LocaleCode): (region: string) => string {
  const namers = fallbackChain(code).map(
    (link) => new Intl.DisplayNames([findLocale(link)?.iso ?? link], { type: 'region', fallback: 'none' }),
  );
  return (region) => namers.map((namer) => namer.of(region)).find(Boolean) ?? region;
}

interface LocaleInfo {
  /** The route prefix and the catalog folder (`messages/<code>/`). */
  readonly code: string;
  /** The endonym: a reader looks for their language under its own name. */
  readonly name: string;
  readonly dir: 'ltr' | 'rtl';
  /** Core locales must have every message; the others fall back key by key. */
  readonly core: boolean;
  /** Where a missing message is looked up next; only English, the reference, has none. */
  readonly fallback: string | null;
  /**
   * The BCP 47 tag of the language, for `<html lang>`, hreflang and `og:locale`. It equals the
   * code except where the code is not the tag's canonical form: `ewe` (ISO 639-2) is `ee`.
   */
  readonly iso: string;
  /** ISO 3166-1 alpha-2 code of the flag the language picker shows beside the name. */
  readonly flag: string;
}

/**
 * The interface languages. English is unprefixed; every other locale's routes live under its
 * own prefix (/fr, /zu, ...). `dir` drives `<html dir>` and the logical CSS properties.
 *
 * Flags: a flag names a country, not a language, so each one is the country where most of our
 * shoppers who read that language live, preferring our markets (ZA, KE, RW, BW, ZW, MZ).
 * - en → GB: English is official in all six markets, so no market's flag would single it out,
 *   and with ZA on three other entries a South African flag would not tell English apart.
 * - pt → MZ: our Portuguese readers are Mozambican, and Mozambique is a market.
 * - sw → KE: Kenya is a market (Tanzania is not). tn → BW: Setswana is Botswana's national
 *   language, and South Africa's flag already stands beside af, xh and zu.
 * - ar → SA, es → ES, fr → FR, de → DE, nl → NL: the flag readers of those languages expect.
 * - ln, lu → CD; bas → CM; ak, tw, ewe → GH; ff → SN; ig, yo → NG; kam, ki → KE: where the
 *   language is mostly spoken.
 *
 * The specification lists `lu` as Luganda, but `lu` is ISO 639-1 for Luba-Katanga (Luganda is
 * `lg`). The code is kept, since it is the route prefix, and the label says what the code
 * means: Kiluba, the endonym of Luba-Katanga, spoken in the south-east of the DR Congo, so it
 * falls back to French. `ewe` is the ISO 639-2 code of Ewe, kept as the prefix; BCP 47 says `ee`,
 * so that is its `iso`. `tw` stays `tw`: a valid tag (Twi, within the Akan macrolanguage) that
 * keeps Twi and Akan apart in hreflang.
 */
export const LOCALES = [
  { code: 'en', name: 'English', dir: 'ltr', core: true, fallback: null, iso: 'en', flag: 'GB' },
  { code: 'ar', name: 'العربية', dir: 'rtl', core: true, fallback: 'en', iso: 'ar', flag: 'SA' },
  { code: 'es', name: 'Español', dir: 'ltr', core: true, fallback: 'en', iso: 'es', flag: 'ES' },
  { code: 'fr', name: 'Français', dir: 'ltr', core: true, fallback: 'en', iso: 'fr', flag: 'FR' },
  { code: 'pt', name: 'Português', dir: 'ltr', core: true, fallback: 'en', iso: 'pt', flag: 'MZ' },
  { code: 'sw', name: 'Kiswahili', dir: 'ltr', core: true, fallback: 'en', iso: 'sw', flag: 'KE' },
  { code: 'af', name: 'Afrikaans', dir: 'ltr', core: false, fallback: 'en', iso: 'af', flag: 'ZA' },
  { code: 'ak', name: 'Akan', dir: 'ltr', core: false, fallback: 'en', iso: 'ak', flag: 'GH' },
  { code: 'bas', name: 'Ɓàsàa', dir: 'ltr', core: false, fallback: 'fr', iso: 'bas', flag: 'CM' },
  { code: 'de', name: 'Deutsch', dir: 'ltr', core: false, fallback: 'en', iso: 'de', flag: 'DE' },
  { code: 'ewe', name: 'Eʋegbe', dir: 'ltr', core: false, fallback: 'en', iso: 'ee', flag: 'GH' },
  { code: 'ff', name: 'Pulaar', dir: 'ltr', core: false, fallback: 'en', iso: 'ff', flag: 'SN' },
  { code: 'ig', name: 'Igbo', dir: 'ltr', core: false, fallback: 'en', iso: 'ig', flag: 'NG' },
  { code: 'kam', name: 'Kikamba', dir: 'ltr', core: false, fallback: 'en', iso: 'kam', flag: 'KE' },
  { code: 'ki', name: 'Gĩkũyũ', dir: 'ltr', core: false, fallback: 'en', iso: 'ki', flag: 'KE' },
  { code: 'ln', name: 'Lingála', dir: 'ltr', core: false, fallback: 'fr', iso: 'ln', flag: 'CD' },
  { code: 'lu', name: 'Kiluba', dir: 'ltr', core: false, fallback: 'fr', iso: 'lu', flag: 'CD' },
  { code: 'nl', name: 'Nederlands', dir: 'ltr', core: false, fallback: 'en', iso: 'nl', flag: 'NL' },
  { code: 'rw', name: 'Kinyarwanda', dir: 'ltr', core: false, fallback: 'en', iso: 'rw', flag: 'RW' },
  { code: 'sn', name: 'chiShona', dir: 'ltr', core: false, fallback: 'en', iso: 'sn', flag: 'ZW' },
  { code: 'tn', name: 'Setswana', dir: 'ltr', core: false, fallback: 'en', iso: 'tn', flag: 'BW' },
  { code: 'tw', name: 'Twi', dir: 'ltr', core: false, fallback: 'en', iso: 'tw', flag: 'GH' },
  { code: 'xh', name: 'isiXhosa', dir: 'ltr', core: false, fallback: 'en', iso: 'xh', flag: 'ZA' },
  { code: 'yo', name: 'Èdè Yorùbá', dir: 'ltr', core: false, fallback: 'en', iso: 'yo', flag: 'NG' },
  { code: 'zu', name: 'isiZulu', dir: 'ltr', core: false, fallback: 'en', iso: 'zu', flag: 'ZA' },
] as const satisfies readonly LocaleInfo[];

export type LocaleCode = (typeof LOCALES)[number]['code'];
export type Locale = (typeof LOCALES)[number];

export const DEFAULT_LOCALE: LocaleCode = 'en';

const byCode = new Map<string, Locale>(LOCALES.map((l) => [l.code, l]));

export function findLocale(code: string | undefined): Locale | undefined {
  return code ? byCode.get(code) : undefined;
}

/**
 * The languages every runtime we serve formats numbers, money and dates in alike. Node has
 * CLDR's data for all 25 interface languages, but browsers ship a subset (Debian's Chromium:
 * these ten), and a price formatted "R 1,234.50" on the server and "ZAR 1,234.50" in the browser
 * breaks hydration. A page in another language formats in its fallback language's way.
 */
const INTL_LANGUAGES = new Set(['en', 'ar', 'es', 'fr', 'pt', 'sw', 'af', 'ak', 'de', 'nl']);

/** Each interface language's code and tag → the tag `Intl` gets: itself, or its nearest fallback's. */
const INTL_OF = new Map<string, string>(
  LOCALES.flatMap((start) => {
    let locale: Locale | undefined = start;
    while (locale && !INTL_LANGUAGES.has(locale.iso)) locale = findLocale(locale.fallback ?? 'en');
    const tag = locale?.iso ?? 'en';
    return [
      [start.code, tag],
      [start.iso, tag],
    ];
  }),
);

/** The language tag to give `Intl` for a page's language (its `iso`): itself, or its fallback's. */
export function intlLanguage(languageTag: string): string {
  return INTL_OF.get(languageTag) ?? (INTL_LANGUAGES.has(languageTag.split('-')[0] ?? '') ? languageTag : 'en');
}

/** A locale and the ones its missing messages come from, nearest first: ln → fr → en. */
export function fallbackChain(code: LocaleCode): LocaleCode[] {
  const chain: LocaleCode[] = [];
  for (let locale = findLocale(code); locale && !chain.includes(locale.code); ) {
    chain.push(locale.code);
    locale = findLocale(locale.fallback ?? undefined);
  }
  return chain;
}

/** The locale a path belongs to: its first segment when that is a prefixed locale, else English. */
export function localeOfPath(pathname: string): Locale {
  const first = pathname.split('/')[1];
  const locale = findLocale(first);
  return locale && locale.code !== DEFAULT_LOCALE ? locale : (byCode.get(DEFAULT_LOCALE) as Locale);
}

/** `/food` in French is `/fr/food`; English stays unprefixed. */
export function localizePath(path: string, locale: LocaleCode): string {
  if (locale === DEFAULT_LOCALE) return path;
  return path === '/' ? `/${locale}` : `/${locale}${path}`;
}

/** The same page without its locale prefix: `/fr/food` → `/food`, `/fr` → `/`. */
export function unlocalizePath(pathname: string): string {
  const locale = findLocale(pathname.split('/')[1]);
  if (!locale || locale.code === DEFAULT_LOCALE) return pathname;
  const rest = pathname.slice(locale.code.length + 1);
  return rest === '' ? '/' : rest;
}

import { findLocale } from '#app/platform/i18n/locales.ts';

/**
 * The attributes of a field where a provider writes in a content language (`code`, a locale's
 * code) that is not the page's (WCAG 3.1.2, language of parts): its language tag, so that the
 * browser spells and reads it with that language's rules, and `dir="auto"`, so that Arabic
 * typed on an English page (or English on an Arabic one) runs its own way, even when the
 * language is changed beside it before the form is sent. None for the page's own language.
 */
export function textLanguageProps(code: string, pageCode: string): { lang?: string; dir?: 'auto' } {
  if (code === '' || code === pageCode) return {};
  return { lang: findLocale(code)?.iso ?? code, dir: 'auto' };
}

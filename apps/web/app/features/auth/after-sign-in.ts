import { type LocaleCode, localizePath, unlocalizePath } from '#app/platform/i18n/locales.ts';
import { returnPathOf } from '#app/platform/navigation/return-to.ts';

/**
 * Where a shopper goes once signed in: the page that sent them to sign in (`returnTo`, from
 * `loginPathFor`), when it is a path of this site and not an auth page (which would sign them
 * out again), else the home page of their language.
 */
export function pathAfterSignIn(returnTo: string | null | undefined, locale: LocaleCode): string {
  const home = localizePath('/', locale);
  if (!returnTo) return home;
  const page = returnPathOf(returnTo);
  if (!page) return home;
  const unprefixed = unlocalizePath(page.pathname);
  if (unprefixed === '/auth' || unprefixed.startsWith('/auth/') || unprefixed.startsWith('/sign-out')) return home;
  return `${page.pathname}${page.search}`;
}

/** The `returnTo` worth carrying through the sign-in form, or '' (then the home page). */
export function keptReturnTo(returnTo: string | null | undefined): string {
  const page = returnPathOf(returnTo ?? null);
  return returnTo && page ? `${page.pathname}${page.search}` : '';
}

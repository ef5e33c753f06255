const ORIGIN = 'http://malewa.invalid';

/**
 * The page a preference form (language, theme) returns to, or null when `returnTo` could lead
 * off the site. Browsers read `//host` and `/\host` as another host and drop tabs and
 * newlines (`/\t/host` is `//host`), so only a single `/` followed by no slash, backslash or
 * control character passes, and the URL parser must agree that the origin is still ours.
 * Absent or empty means the home page.
 */
export function returnPathOf(returnTo: FormDataEntryValue | null): { pathname: string; search: string } | null {
  if (returnTo === null || returnTo === '') return { pathname: '/', search: '' };
  if (typeof returnTo !== 'string') return null;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it rejects.
  if (!/^\/(?![/\\])/.test(returnTo) || /[\\\u0000-\u001f\u007f]/.test(returnTo)) return null;
  const url = new URL(returnTo, ORIGIN);
  if (url.origin !== ORIGIN) return null;
  return { pathname: url.pathname, search: url.search };
}

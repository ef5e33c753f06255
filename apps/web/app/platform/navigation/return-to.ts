import { redirect, replace } from 'react-router';

const ORIGIN = 'http://malewa.invalid';

/**
 * The one gate for every address the storefront redirects to that request data had a hand in
 * (a posted `returnTo`, the page a preference form came from, the path left after dropping
 * `/en`): the path itself, normalised, when it can only lead to this site, else null.
 *
 * Browsers read `//host` and `/\host` as another host, drop tabs and newlines (`/\t/host` is
 * `//host`) and resolve dot segments (`/.//host` is `//host`); a proxy or a later decode can
 * turn `%2F` and `%5C` into the real thing. So the candidate, raw and percent-decoded, may hold
 * no backslash and no control character, and after the URL parser's normalisation the path
 * must still start with exactly one slash and the origin must still be ours.
 */
export function sameOriginPath(candidate: unknown): string | null {
  if (typeof candidate !== 'string' || !candidate.startsWith('/')) return null;
  if (CONTROL.test(candidate)) return null;
  const path = candidate.split(/[?#]/, 1)[0] ?? '';
  if (HOSTILE_IN_PATH.test(path) || HOSTILE_IN_PATH.test(decoded(path))) return null;
  let url: URL;
  try {
    url = new URL(candidate, ORIGIN);
  } catch {
    return null;
  }
  if (url.origin !== ORIGIN) return null;
  if (startsLikeAHost(url.pathname) || startsLikeAHost(decoded(url.pathname))) return null;
  return `${url.pathname}${url.search}`;
}

/**
 * The page a form returns to (`returnTo`), or null when it could lead off the site. Absent or
 * empty means the home page.
 */
export function returnPathOf(returnTo: FormDataEntryValue | null): { pathname: string; search: string } | null {
  if (returnTo === null || returnTo === '') return { pathname: '/', search: '' };
  const path = sameOriginPath(returnTo);
  if (path === null) return null;
  const query = path.indexOf('?');
  return query === -1 ? { pathname: path, search: '' } : { pathname: path.slice(0, query), search: path.slice(query) };
}

type RedirectInit = number | ResponseInit;

/**
 * A redirect to a path built from request data: checked once more where it is used, because
 * composing a safe input with a prefix change (`/ar//x` without `/ar`) can make an unsafe one.
 * Anything that fails the check goes to `fallback` (the home page by default).
 */
export function redirectWithin(path: string, init?: RedirectInit, fallback = '/'): Response {
  return redirect(sameOriginPath(path) ?? fallback, init);
}

/** As {@link redirectWithin}, replacing the current history entry when a fetcher posted. */
export function replaceWithin(path: string, init?: RedirectInit, fallback = '/'): Response {
  return replace(sameOriginPath(path) ?? fallback, init);
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it rejects.
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it rejects.
const HOSTILE_IN_PATH = /[\\\u0000-\u001f\u007f-\u009f]/;

function startsLikeAHost(pathname: string): boolean {
  return /^[/\\]{2}/.test(pathname);
}

/** Fully percent-decoded (`%252F` → `/`), or the text itself when it does not decode. */
function decoded(text: string): string {
  let current = text;
  for (let round = 0; round < 3; round += 1) {
    let next: string;
    try {
      next = decodeURIComponent(current);
    } catch {
      return current;
    }
    if (next === current) return current;
    current = next;
  }
  return current;
}

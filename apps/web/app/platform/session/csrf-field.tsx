import { createContext, useContext } from 'react';

/** The hidden field and header that carry the CSRF token (session/csrf.server.ts). */
export const CSRF_FIELD = 'csrf';
export const CSRF_HEADER = 'X-CSRF-Token';

const CsrfContext = createContext('');

/** Given the root loader's token, every `CsrfField` below can fill itself in. */
export const CsrfProvider = CsrfContext.Provider;

/** The token, for a post a script makes itself (`fetcher.submit`) rather than a form. */
export function useCsrfToken(): string {
  return useContext(CsrfContext);
}

/** Put inside every form that posts: without it the post is refused with a 403. */
export function CsrfField() {
  return <input type="hidden" name={CSRF_FIELD} value={useContext(CsrfContext)} />;
}

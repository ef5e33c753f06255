import { createContext, useContext } from 'react';

/**
 * The CSP nonce, for the scripts React Router writes into the page (`<Scripts>`,
 * `<ScrollRestoration>`). Set by entry.server.tsx; in the browser it is empty, and browsers
 * hide nonces from the DOM anyway.
 */
const NonceContext = createContext('');
export const NonceProvider = NonceContext.Provider;
export const useNonce = () => useContext(NonceContext);

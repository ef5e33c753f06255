import { createContext } from 'react-router';
import type { WebConfig } from './config.server.ts';

/** The server's configuration, handed to loaders and actions through the router context. */
export const configContext = createContext<WebConfig>();

/**
 * The shopper's network address as the web server sees it (through its trusted proxies), so
 * that calls made on their behalf can name them in X-Forwarded-For.
 */
export const clientAddressContext = createContext<string>('');

/** This response's CSP nonce: only scripts carrying it run (http/security-headers.server.ts). */
export const nonceContext = createContext<string>('');

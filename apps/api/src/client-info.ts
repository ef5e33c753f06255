import type { CountryCode } from '@malewa/contracts/markets';

/**
 * Who sent a request, as the request tells it: the client's address (believed through trusted
 * proxies, and from the storefront only with its secret: `plugins/client-address.ts`), its
 * browser, and the market of X-STORE-ID. Rate limits count by the address; a new sign-in's
 * notice names the address and the browser; identifiers are read in the market.
 */
export interface ClientInfo {
  ip: string;
  userAgent: string | undefined;
  market: CountryCode | undefined;
}

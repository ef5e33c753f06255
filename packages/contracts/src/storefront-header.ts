/**
 * The header with which the storefront's server proves to the API that it is the storefront
 * (the shared `STOREFRONT_SECRET`): only then does the API believe the shopper's address the
 * storefront names in X-Forwarded-For.
 */
export const STOREFRONT_SECRET_HEADER = 'x-malewa-storefront';

import { createHash } from 'node:crypto';
import { CART_TOKEN_PATTERN } from '@malewa/contracts/carts/cart';
import { AppError } from '../../app-error.ts';
import type { Principal } from '../../plugins/access-control.ts';
import { isUuid } from '../../shopper-market.ts';
import type { CartMarket, CartOwner, CartRepository } from './cart-repository.ts';

/** What a cart request says about who and where the shopper is. */
export interface CartShopper {
  principal: Principal | null;
  /** X-Cart-Token: a guest's cart, when no one is signed in. */
  cartToken: string | undefined;
  /** X-STORE-ID: the market. */
  storeId: string | undefined;
  /** X-STORE-LOCATION: the chosen location, whose market wins over X-STORE-ID. */
  storeLocation: string | undefined;
  /** The first language of Accept-Language. */
  language: string | undefined;
}

export interface CartScope {
  /** Null for a guest without a token, who has no cart yet. */
  owner: CartOwner | null;
  market: CartMarket;
  /** Where delivery goes: the chosen location's centre; unknown without one. */
  point: { latitude: number; longitude: number } | null;
  /** The shopper's language, then the market's, then English: the order catalog texts are picked in. */
  languages: string[];
}

/**
 * Whose cart, in which market. A signed-in shopper's cart is their account's, whatever token
 * comes along (the storefront merges a guest cart at sign-in); a guest's is the one of their
 * token, which the API keeps only as a hash. A token that is not one the storefront makes is
 * refused rather than used.
 */
export async function cartScope(deps: { carts: CartRepository }, shopper: CartShopper): Promise<CartScope> {
  let owner: CartOwner | null = null;
  if (shopper.principal) owner = { userId: shopper.principal.userId };
  else if (shopper.cartToken !== undefined) {
    if (!CART_TOKEN_PATTERN.test(shopper.cartToken)) {
      throw new AppError('VALIDATION_FAILED', 'The cart token is not one of ours', {
        fields: { 'X-Cart-Token': ['Send the token the storefront made, or none'] },
      });
    }
    owner = { guestTokenHash: createHash('sha256').update(shopper.cartToken).digest('hex') };
  }
  let countryCode = shopper.storeId?.trim().toUpperCase() || undefined;
  let point: CartScope['point'] = null;
  const locationId = shopper.storeLocation?.trim();
  if (locationId) {
    const location = isUuid(locationId) ? await deps.carts.location(locationId) : undefined;
    if (!location) {
      throw new AppError('VALIDATION_FAILED', 'The X-STORE-LOCATION header names no location we serve', {
        fields: { 'X-STORE-LOCATION': ['Choose a location from GET /api/locations'] },
      });
    }
    countryCode = location.countryCode;
    point = { latitude: location.latitude, longitude: location.longitude };
  }
  const market = countryCode ? await deps.carts.market(countryCode) : undefined;
  if (!market) {
    throw new AppError(
      'VALIDATION_FAILED',
      'Say which market the cart is in: the X-STORE-ID header (ZA, KE, RW, BW, ZW, MZ)',
      {
        fields: { 'X-STORE-ID': ['Send a market code such as KE, or X-STORE-LOCATION'] },
      },
    );
  }
  const languages = [shopper.language, market.defaultLocale, 'en'].filter(
    (lang, index, all): lang is string => typeof lang === 'string' && lang !== '' && all.indexOf(lang) === index,
  );
  return { owner, market, point, languages };
}

/** The owner of a cart being written: a guest without a token cannot have one. */
export function writingOwner(scope: CartScope): CartOwner {
  if (!scope.owner) {
    throw new AppError('VALIDATION_FAILED', 'Sign in, or send a cart token, to keep a cart', {
      fields: { 'X-Cart-Token': ['Send a cart token made by the storefront'] },
    });
  }
  return scope.owner;
}

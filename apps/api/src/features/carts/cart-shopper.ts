import { createHash } from 'node:crypto';
import { CART_TOKEN_PATTERN } from '@malewa/contracts/carts/cart';
import { AppError } from '#api/app-error.ts';
import type { Principal } from '#api/plugins/access-control.ts';
import { type PlaceHeaders, shopperPlace } from '#api/shopper-market.ts';
import type { CartMarket, CartOwner, CartRepository } from './cart-repository.ts';

/** What a cart request says about who and where the shopper is. */
export interface CartShopper extends PlaceHeaders {
  principal: Principal | null;
  /** X-Cart-Token: a guest's cart, when no one is signed in. */
  cartToken: string | undefined;
}

export interface DeliveryPoint {
  latitude: number;
  longitude: number;
}

export interface CartScope {
  /** Null for a guest without a token, who has no cart yet. */
  owner: CartOwner | null;
  market: CartMarket;
  /** Where delivery goes: the chosen location's centre, or a pin (`deliveringTo`); unknown without either. */
  point: DeliveryPoint | null;
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
  const { market, centre, languages } = await shopperPlace(deps.carts, shopper);
  return { owner, market, point: centre, languages };
}

/** The scope with delivery to `point` (an address's pin) instead of the place's centre, when given. */
export function deliveringTo(scope: CartScope, point: DeliveryPoint | undefined): CartScope {
  return point ? { ...scope, point } : scope;
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

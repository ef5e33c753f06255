import type { SavedAddress } from '@malewa/contracts/addresses/saved-address';
import { shopperPlace } from '#api/shopper-market.ts';
import type { AddressRepository } from './address-repository.ts';
import type { AddressShopper } from './address-shopper.ts';

/** The shopper's addresses in their market, the default first. */
export async function listAddresses(
  deps: { addresses: AddressRepository },
  shopper: AddressShopper,
): Promise<SavedAddress[]> {
  const market = (await shopperPlace(deps.addresses, shopper)).market.countryCode;
  return deps.addresses.list(shopper.userId, market);
}

import { AppError } from '../app-error.ts';
import type { AccountsRepository } from '../features/auth/accounts-repository.ts';
import { IDENTIFIER_MESSAGES, readIdentifier } from '../features/auth/identifier.ts';
import type { ShopRepository } from '../features/shops/shop-repository.ts';

/**
 * Makes an existing account one of the people who run a shop, with the provider role: then it
 * may accept, reject and advance that shop's orders (`/api/provider/orders/…`). For
 * `npm run provider:member` until operators approve providers in their console (issue 13).
 */
export async function addProviderMember(
  deps: {
    accounts: Pick<AccountsRepository, 'findByIdentifiers' | 'grantRole'>;
    shops: Pick<ShopRepository, 'addMemberBySlug'>;
  },
  input: { identifier: string; providerSlug: string },
): Promise<{ identifier: string; shop: string }> {
  const reading = readIdentifier(input.identifier);
  if (!reading.ok) throw new AppError('VALIDATION_FAILED', IDENTIFIER_MESSAGES[reading.reason]);
  const [account] = await deps.accounts.findByIdentifiers([reading.identifier.value]);
  if (!account)
    throw new AppError('NOT_FOUND', `No account signs in with ${reading.identifier.value}: register it first.`);
  const shop = await deps.shops.addMemberBySlug(input.providerSlug, account.user.id);
  if (!shop) throw new AppError('NOT_FOUND', `No shop has the slug ${input.providerSlug}.`);
  await deps.accounts.grantRole(account.user.id, 'provider');
  return { identifier: reading.identifier.value, shop };
}

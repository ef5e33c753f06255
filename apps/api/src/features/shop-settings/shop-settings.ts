import { MARKET_CURRENCY } from '@malewa/contracts/currencies';
import type { CountryCode } from '@malewa/contracts/markets';
import type { ShopSettings } from '@malewa/contracts/provider/shop-settings';
import { AppError } from '../../app-error.ts';
import type { Principal } from '../../plugins/access-control.ts';
import type { ShopSettingsRepository } from './shop-settings-repository.ts';

/** A shop's settings with the currency of its amounts, for the people who run it (anyone else: 404). */
export async function getShopSettings(
  deps: { settings: ShopSettingsRepository },
  principal: Principal,
  shopId: string,
) {
  const row = await deps.settings.of(principal.userId, shopId);
  if (!row) throw new AppError('NOT_FOUND', 'No such shop');
  const { countryCode, ...settings } = row;
  return { ...settings, currency: MARKET_CURRENCY[countryCode as CountryCode] };
}

/**
 * Changes a shop's settings; the storefront reads them at once (hours for "open now", the
 * radius for who it delivers to, fees and the minimum at checkout, a pause for taking orders).
 */
export async function updateShopSettings(
  deps: { settings: ShopSettingsRepository },
  principal: Principal,
  shopId: string,
  settings: ShopSettings,
) {
  await getShopSettings(deps, principal, shopId);
  if (settings.freeDeliveryAbove !== null && settings.freeDeliveryAbove < settings.minimumOrder) {
    throw new AppError('VALIDATION_FAILED', 'Some settings need another look', {
      fields: { freeDeliveryAbove: ['Free delivery starts at or above the minimum order'] },
    });
  }
  await deps.settings.update(shopId, settings);
  return getShopSettings(deps, principal, shopId);
}

import { MARKET_CURRENCY } from '@malewa/contracts/currencies';
import type { CountryCode } from '@malewa/contracts/markets';
import type { ShopSettings } from '@malewa/contracts/provider/shop-settings';
import { isVatNumberOf, normalizeVatNumber } from '@malewa/contracts/provider/vat-number';
import { addDays, wallClock } from '@malewa/contracts/zoned-time';
import { AppError } from '#api/app-error.ts';
import { type ClockDeps, clock } from '#api/clock.ts';
import type { Principal } from '#api/plugins/access-control.ts';
import type { ShopSettingsRepository } from './shop-settings-repository.ts';

/** How far ahead a closed day may be set. */
const CLOSED_DAYS_AHEAD = 366;

/** A shop's settings with the currency of its amounts, for the people who run it (anyone else: 404). */
export async function getShopSettings(
  deps: { settings: ShopSettingsRepository },
  principal: Principal,
  shopId: string,
) {
  const row = await deps.settings.of(principal.userId, shopId);
  if (!row) throw new AppError('NOT_FOUND', 'No such shop');
  const { countryCode, timeZone: _timeZone, ...settings } = row;
  return { ...settings, currency: MARKET_CURRENCY[countryCode as CountryCode] };
}

/**
 * Changes a shop's settings; the storefront reads them at once (hours for "open now", the
 * radius for who it delivers to, fees and the minimum at checkout, a pause for taking orders,
 * closed days for "open now", delivery windows and chef bookings). A VAT number must look like
 * one of the shop's market (`vat-number.ts`); orders placed from then on carry VAT and get tax
 * invoices, orders placed before keep what they were placed with.
 */
export async function updateShopSettings(
  deps: { settings: ShopSettingsRepository } & ClockDeps,
  principal: Principal,
  shopId: string,
  settings: ShopSettings,
) {
  const current = await deps.settings.of(principal.userId, shopId);
  if (!current) throw new AppError('NOT_FOUND', 'No such shop');
  const fields: Record<string, string[]> = {};
  if (settings.freeDeliveryAbove !== null && settings.freeDeliveryAbove < settings.minimumOrder) {
    fields.freeDeliveryAbove = ['Free delivery starts at or above the minimum order'];
  }
  // Closed days on the shop's calendar: past ones go, the rest once each and in order.
  const today = wallClock(clock(deps), current.timeZone).date;
  const closedDates = [...new Set(settings.closedDates)].filter((date) => date >= today).sort();
  if (closedDates.some((date) => date > addDays(today, CLOSED_DAYS_AHEAD))) {
    fields.closedDates = ['Closed days go a year ahead at most'];
  }
  const vatNumber =
    settings.vatNumber === undefined ? current.vatNumber : normalizeVatNumber(settings.vatNumber ?? '') || null;
  if (vatNumber !== null && !isVatNumberOf(current.countryCode as CountryCode, vatNumber)) {
    fields.vatNumber = ['This is not a VAT number of the shop’s country'];
  }
  const legalName = settings.legalName === undefined ? current.legalName : settings.legalName?.trim() || null;
  if (Object.keys(fields).length > 0) {
    throw new AppError('VALIDATION_FAILED', 'Some settings need another look', { fields });
  }
  await deps.settings.update(shopId, { ...settings, closedDates, vatNumber, legalName });
  return getShopSettings(deps, principal, shopId);
}

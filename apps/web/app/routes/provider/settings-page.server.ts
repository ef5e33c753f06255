import { MARKET_CURRENCY } from '@malewa/contracts/currencies';
import { type ShopSettings, ZShopSettingsSchema } from '@malewa/contracts/provider/shop-settings';
import { marketDay } from '@malewa/contracts/zoned-time';
import { data, type RouterContextProvider, redirect } from 'react-router';
import { getShopSettings, updateShopSettings } from '../../features/provider/provider-api.server.ts';
import { currentShop } from '../../features/provider/provider-shop.server.ts';
import { ApiError } from '../../platform/api-client/api-client.server.ts';
import { notify } from '../../platform/feedback/notification.server.ts';
import { localeOfPath, localizePath } from '../../platform/i18n/locales.ts';
import { translatorFor } from '../../platform/i18n/messages.server.ts';
import type { MessageKey } from '../../platform/i18n/translator.ts';
import { formattingTag } from '../../platform/markets/formatting-tag.ts';
import { majorOf, minorOf } from '../../platform/money/minor-units.ts';
import { signedInCall } from '../../platform/session/signed-in-call.server.ts';
import { type HoursValues, hoursFromForm, hoursOf, hoursValuesOf, weekdayNames } from '../../ui/week-hours.ts';

type Context = Readonly<RouterContextProvider>;

export interface SettingsValues {
  hours: HoursValues;
  deliveryRadiusKm: string;
  deliveryFeeBase: string;
  deliveryFeePerKm: string;
  freeDeliveryAbove: string;
  minimumOrder: string;
  prepMinutes: string;
  paused: boolean;
  /** The closed days kept (each a ticked box), and one to add (a date field). */
  closedDates: string[];
  newClosedDate: string;
}
type Field = Exclude<keyof SettingsValues, 'paused' | 'closedDates' | 'newClosedDate'> | 'closedDates';
export type SettingsErrors = Partial<Record<Field | 'form', MessageKey>>;

/** A calendar date as a date field sends it (the API checks it is a real one). */
const isDate = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value);

/** `/provider/settings`: the shop's hours and closed days, delivery, minimum order, preparation time and pause. */
export async function loadSettings(url: URL, request: Request, context: Context) {
  const locale = localeOfPath(url.pathname);
  const t = translatorFor(locale.code);
  const { shop } = await signedInCall(url, () => currentShop(context, request, url));
  const settings = await signedInCall(url, () => getShopSettings(context, request, shop.id));
  const { currency } = settings;
  const values: SettingsValues = {
    hours: hoursValuesOf(settings.hours),
    deliveryRadiusKm: String(settings.deliveryRadiusKm),
    deliveryFeeBase: majorOf(settings.deliveryFeeBase, currency),
    deliveryFeePerKm: majorOf(settings.deliveryFeePerKm, currency),
    freeDeliveryAbove: settings.freeDeliveryAbove === null ? '' : majorOf(settings.freeDeliveryAbove, currency),
    minimumOrder: majorOf(settings.minimumOrder, currency),
    prepMinutes: String(settings.prepMinutes),
    paused: settings.paused,
    closedDates: settings.closedDates,
    newClosedDate: '',
  };
  return {
    shop,
    currency,
    today: marketDay(shop.countryCode),
    dateTag: formattingTag(locale.iso, shop.countryCode),
    days: weekdayNames(formattingTag(locale.iso, shop.countryCode)),
    values,
    title: `${t('provider.settings.title', { shop: shop.name })} | ${t('site.name')}`,
  };
}

export type SettingsOutcome = { status: 'invalid'; values: SettingsValues; errors: SettingsErrors };

/** Saves the settings, checked here with the API's schema first; the API's refusals come back to their fields. */
export async function saveSettings(url: URL, request: Request, context: Context) {
  const locale = localeOfPath(url.pathname);
  const t = translatorFor(locale.code);
  const { shop } = await signedInCall(url, () => currentShop(context, request, url));
  const currency = MARKET_CURRENCY[shop.countryCode];
  const form = await request.formData();
  const text = (name: string) => String(form.get(name) ?? '').trim();
  const values: SettingsValues = {
    hours: hoursFromForm(form),
    deliveryRadiusKm: text('deliveryRadiusKm'),
    deliveryFeeBase: text('deliveryFeeBase'),
    deliveryFeePerKm: text('deliveryFeePerKm'),
    freeDeliveryAbove: text('freeDeliveryAbove'),
    minimumOrder: text('minimumOrder'),
    prepMinutes: text('prepMinutes'),
    paused: form.get('paused') === 'on',
    closedDates: form.getAll('closedDates').map(String).filter(isDate),
    newClosedDate: text('newClosedDate'),
  };
  const errors: SettingsErrors = {};
  const today = marketDay(shop.countryCode);
  if (values.newClosedDate !== '' && !(isDate(values.newClosedDate) && values.newClosedDate >= today)) {
    errors.closedDates = 'provider.error.closedDate';
  }
  const amount = (field: Field) => {
    const minor = minorOf(String(values[field]), currency, { zero: true, max: 10_000_000 });
    if (minor === undefined) errors[field] = 'provider.error.amount';
    return minor ?? 0;
  };
  const hours = hoursOf(values.hours);
  if (!hours) errors.hours = 'provider.error.hours';
  const radius = Number(values.deliveryRadiusKm.replace(',', '.'));
  if (!(radius >= 0.5 && radius <= 50)) errors.deliveryRadiusKm = 'provider.error.radius';
  const prep = Number(values.prepMinutes);
  if (!Number.isInteger(prep) || prep < 5 || prep > 240) errors.prepMinutes = 'provider.error.prep';
  const settings: ShopSettings = {
    hours: hours ?? [[], [], [], [], [], [], []],
    deliveryRadiusKm: radius,
    deliveryFeeBase: amount('deliveryFeeBase'),
    deliveryFeePerKm: amount('deliveryFeePerKm'),
    freeDeliveryAbove: values.freeDeliveryAbove === '' ? null : amount('freeDeliveryAbove'),
    minimumOrder: amount('minimumOrder'),
    prepMinutes: prep,
    paused: values.paused,
    closedDates: [...values.closedDates, ...(values.newClosedDate ? [values.newClosedDate] : [])],
  };
  if (settings.freeDeliveryAbove !== null && settings.freeDeliveryAbove < settings.minimumOrder) {
    errors.freeDeliveryAbove = 'provider.error.freeAbove';
  }
  if (Object.keys(errors).length > 0 || !ZShopSettingsSchema.safeParse(settings).success) {
    return data<SettingsOutcome>(
      { status: 'invalid', values, errors: { form: 'provider.error.form', ...errors } },
      { status: 400 },
    );
  }
  try {
    await signedInCall(url, () => updateShopSettings(context, request, shop.id, settings));
  } catch (error) {
    if (error instanceof ApiError && error.status === 400) {
      const apiErrors: SettingsErrors = { form: 'provider.error.form' };
      if ('freeDeliveryAbove' in error.errors) apiErrors.freeDeliveryAbove = 'provider.error.freeAbove';
      if ('hours' in error.errors) apiErrors.hours = 'provider.error.hours';
      if ('closedDates' in error.errors) apiErrors.closedDates = 'provider.error.closedDate';
      return data<SettingsOutcome>({ status: 'invalid', values, errors: apiErrors }, { status: 400 });
    }
    throw error;
  }
  notify(context, { type: 'success', title: t('provider.settings.saved'), message: '' });
  throw redirect(`${localizePath('/provider/settings', locale.code)}?shop=${shop.id}`, 303);
}

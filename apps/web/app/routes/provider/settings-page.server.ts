import { MARKET_CURRENCY } from '@malewa/contracts/currencies';
import { ZShopSettingsSchema } from '@malewa/contracts/provider/shop-settings';
import { isVatNumberOf, normalizeVatNumber, VAT_NUMBER_EXAMPLES } from '@malewa/contracts/provider/vat-number';
import { marketDay } from '@malewa/contracts/zoned-time';
import { type RouterContextProvider, redirect } from 'react-router';
import { getShopSettings, updateShopSettings } from '#app/features/provider/provider-api.server.ts';
import { currentShop } from '#app/features/provider/provider-shop.server.ts';
import { ApiError } from '#app/platform/api-client/api-client.server.ts';
import { showToast } from '#app/platform/feedback/toast.server.ts';
import { apiFailure, type FieldWords, invalid, parseForm, textOf } from '#app/platform/forms/form.server.ts';
import type { FieldErrors, FormOutcome } from '#app/platform/forms/form-outcome.ts';
import { localeOfPath, localizePath } from '#app/platform/i18n/locales.ts';
import { translatorFor } from '#app/platform/i18n/messages.server.ts';
import type { MessageKey } from '#app/platform/i18n/translator.ts';
import { formattingTag } from '#app/platform/markets/formatting-tag.ts';
import { majorOf, minorOf } from '#app/platform/money/minor-units.ts';
import { signedInCall } from '#app/platform/session/signed-in-call.server.ts';
import { type HoursValues, hoursFromForm, hoursOf, hoursValuesOf, weekdayNames } from '#app/ui/week-hours.ts';

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
  /** Empty: not registered for VAT. */
  vatNumber: string;
  legalName: string;
}
/** The fields a message goes beside: the closed days' is the date field that adds one. */
export type SettingsField = Exclude<keyof SettingsValues, 'paused' | 'closedDates' | 'newClosedDate'> | 'closedDates';
export type SettingsOutcome = FormOutcome<SettingsValues, SettingsField>;

/** Each field's one message, whatever rule it broke; what belongs to none (the pause) is the form's. */
const MESSAGES: Record<SettingsField | 'form', MessageKey> = {
  hours: 'provider.error.hours',
  deliveryRadiusKm: 'provider.error.radius',
  deliveryFeeBase: 'provider.error.amount',
  deliveryFeePerKm: 'provider.error.amount',
  // The API's rule on it: free delivery starts at or above the minimum order.
  freeDeliveryAbove: 'provider.error.freeAbove',
  minimumOrder: 'provider.error.amount',
  prepMinutes: 'provider.error.prep',
  closedDates: 'provider.error.closedDate',
  // The market's shape of a number (contracts' vat-number.ts), its example beside the field.
  vatNumber: 'provider.error.vatNumber',
  legalName: 'provider.error.legalName',
  form: 'provider.error.form',
};
const words: FieldWords<SettingsField> = {
  fieldOf: (path) => {
    const field = path.split('.')[0] ?? '';
    return Object.hasOwn(MESSAGES, field) ? (field as SettingsField) : 'form';
  },
  messageOf: (field) => MESSAGES[field],
};

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
    vatNumber: settings.vatNumber ?? '',
    legalName: settings.legalName ?? '',
  };
  return {
    shop,
    currency,
    vatExample: VAT_NUMBER_EXAMPLES[shop.countryCode],
    today: marketDay(shop.countryCode),
    dateTag: formattingTag(locale.iso, shop.countryCode),
    days: weekdayNames(formattingTag(locale.iso, shop.countryCode)),
    values,
    title: `${t('provider.settings.title', { shop: shop.name })} | ${t('site.name')}`,
  };
}

/** Saves the settings, checked here with the API's schema first; the API's refusals come back to their fields. */
export async function saveSettings(url: URL, request: Request, context: Context) {
  const locale = localeOfPath(url.pathname);
  const t = translatorFor(locale.code);
  const { shop } = await signedInCall(url, () => currentShop(context, request, url));
  const currency = MARKET_CURRENCY[shop.countryCode];
  const form = await request.formData();
  const values: SettingsValues = {
    hours: hoursFromForm(form),
    deliveryRadiusKm: textOf(form, 'deliveryRadiusKm'),
    deliveryFeeBase: textOf(form, 'deliveryFeeBase'),
    deliveryFeePerKm: textOf(form, 'deliveryFeePerKm'),
    freeDeliveryAbove: textOf(form, 'freeDeliveryAbove'),
    minimumOrder: textOf(form, 'minimumOrder'),
    prepMinutes: textOf(form, 'prepMinutes'),
    paused: form.get('paused') === 'on',
    closedDates: form.getAll('closedDates').map(String).filter(isDate),
    newClosedDate: textOf(form, 'newClosedDate'),
    vatNumber: textOf(form, 'vatNumber'),
    legalName: textOf(form, 'legalName'),
  };
  // What the schema cannot tell: a day already past, an amount as people type it, a week's
  // times, free delivery below the minimum order, and a VAT number of another shape than the
  // market's (the API's own rule, from contracts).
  const errors: FieldErrors<SettingsField> = {};
  const vatNumber = normalizeVatNumber(values.vatNumber);
  if (vatNumber !== '' && !isVatNumberOf(shop.countryCode, vatNumber)) errors.vatNumber = 'provider.error.vatNumber';
  const today = marketDay(shop.countryCode);
  if (values.newClosedDate !== '' && !(isDate(values.newClosedDate) && values.newClosedDate >= today)) {
    errors.closedDates = 'provider.error.closedDate';
  }
  const amount = (field: 'deliveryFeeBase' | 'deliveryFeePerKm' | 'freeDeliveryAbove' | 'minimumOrder') => {
    const minor = minorOf(values[field], currency, { zero: true, max: 10_000_000 });
    if (minor === undefined) errors[field] = 'provider.error.amount';
    return minor ?? 0;
  };
  const hours = hoursOf(values.hours);
  if (!hours) errors.hours = 'provider.error.hours';
  const input = {
    hours: hours ?? [[], [], [], [], [], [], []],
    // Not numbers (NaN) or out of range: the schema refuses them on their fields.
    deliveryRadiusKm: Number(values.deliveryRadiusKm.replace(',', '.')),
    deliveryFeeBase: amount('deliveryFeeBase'),
    deliveryFeePerKm: amount('deliveryFeePerKm'),
    freeDeliveryAbove: values.freeDeliveryAbove === '' ? null : amount('freeDeliveryAbove'),
    minimumOrder: amount('minimumOrder'),
    prepMinutes: Number(values.prepMinutes),
    paused: values.paused,
    closedDates: [...values.closedDates, ...(values.newClosedDate ? [values.newClosedDate] : [])],
    // Emptied: no longer registered.
    vatNumber: vatNumber === '' ? null : vatNumber,
    legalName: values.legalName === '' ? null : values.legalName,
  };
  if (input.freeDeliveryAbove !== null && input.freeDeliveryAbove < input.minimumOrder) {
    errors.freeDeliveryAbove = 'provider.error.freeAbove';
  }
  const parsed = parseForm(ZShopSettingsSchema, input, words);
  if (!parsed.ok || Object.keys(errors).length > 0) {
    return invalid(values, { ...(parsed.ok ? {} : parsed.errors), ...errors });
  }
  const settings = parsed.request;
  try {
    await signedInCall(url, () => updateShopSettings(context, request, shop.id, settings));
  } catch (error) {
    // Only the API's refusal of a field comes back to the form; anything else is the error page.
    if (!(error instanceof ApiError && error.status === 400)) throw error;
    return apiFailure(error, values, 'provider: saving the settings', words);
  }
  showToast(context, { type: 'success', title: t('provider.settings.saved'), message: '' });
  throw redirect(`${localizePath('/provider/settings', locale.code)}?shop=${shop.id}`, 303);
}

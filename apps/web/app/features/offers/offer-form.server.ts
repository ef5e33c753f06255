import { OFFER_KINDS } from '@malewa/contracts/catalog/vocabulary';
import { type ManagedOffer, type OfferInput, ZOfferInputSchema } from '@malewa/contracts/offers/manage-offers';
import { ZOfferHoursSchema, ZOfferItemIdsSchema } from '@malewa/contracts/offers/offer-hours';
import { instantOf, localOf } from '@malewa/contracts/zoned-time';
import { textOf } from '#app/platform/forms/form.server.ts';
import type { FieldErrors } from '#app/platform/forms/form-outcome.ts';
import { dateTimeFormat } from '#app/platform/i18n/intl-formats.ts';
import type { LocaleCode } from '#app/platform/i18n/locales.ts';
import { textIn } from '#app/platform/i18n/localized-text.ts';
import type { Translate } from '#app/platform/i18n/translator.ts';
import { formatMoney } from '#app/platform/money/format-money.ts';
import { minorOf } from '#app/platform/money/minor-units.ts';

/** The offer form's fields as typed, kept when it comes back. */
export interface OfferValues {
  kind: string;
  value: string;
  minimumSubtotal: string;
  name: string;
  startsAt: string;
  endsAt: string;
  code: string;
  totalLimit: string;
  perShopperLimit: string;
  /** "Only between": two `<input type="time">` values ("HH:MM"), both empty for all day. */
  hoursFrom: string;
  hoursTo: string;
  /** "Only for these items": the ticked items' ids, none for every item. */
  itemIds: string[];
}
export type OfferErrors = FieldErrors<keyof OfferValues>;

/** A new offer's starting values: percent off, from now for a week, in the market's own time. */
export function freshOfferValues(timeZone: string, now = new Date()): OfferValues {
  return {
    kind: 'percent',
    value: '10',
    minimumSubtotal: '0',
    name: '',
    startsAt: localOf(now.toISOString(), timeZone),
    endsAt: localOf(new Date(now.getTime() + 7 * 86_400_000).toISOString(), timeZone),
    code: '',
    totalLimit: '',
    perShopperLimit: '',
    hoursFrom: '',
    hoursTo: '',
    itemIds: [],
  };
}

/** An item the form offers to tick: its id, its name in the page's language, whether shoppers see it. */
export interface OfferItemChoice {
  id: string;
  name: string;
  hidden: boolean;
}

/** A shop's items to tick, by name in the page's language (recipes are read, not sold: none). */
export function offerItemChoices(
  items: readonly { id: string; name: Partial<Record<string, string>>; hidden: boolean; type?: string }[],
  language: string,
): OfferItemChoice[] {
  return items
    .filter((item) => item.type !== 'recipe')
    .map((item) => ({ id: item.id, name: textIn(item.name, language), hidden: item.hidden }))
    .sort((a, b) => a.name.localeCompare(b.name, language));
}

/**
 * The form read into the API's offer, in the market's currency and time zone, or the errors
 * field by field. The API checks it all again (a code the market already has among them).
 */
export function readOfferForm(
  form: FormData,
  currency: string,
  timeZone: string,
  language: LocaleCode,
): { values: OfferValues; offer?: OfferInput; errors: OfferErrors } {
  const values: OfferValues = {
    kind: textOf(form, 'kind'),
    value: textOf(form, 'value'),
    minimumSubtotal: textOf(form, 'minimumSubtotal'),
    name: textOf(form, 'name'),
    startsAt: textOf(form, 'startsAt'),
    endsAt: textOf(form, 'endsAt'),
    code: textOf(form, 'code').toUpperCase(),
    totalLimit: textOf(form, 'totalLimit'),
    perShopperLimit: textOf(form, 'perShopperLimit'),
    hoursFrom: textOf(form, 'hoursFrom'),
    hoursTo: textOf(form, 'hoursTo'),
    itemIds: form.getAll('itemIds').filter((id): id is string => typeof id === 'string' && id !== ''),
  };
  const errors: OfferErrors = {};
  // The name, in the page's language: 2 to 80 characters on one line, or none (the contract's rule).
  const title = values.name ? { [language]: values.name } : {};
  if (!ZOfferInputSchema.shape.title.safeParse(title).success) errors.name = 'offers.error.name';
  const kind = (OFFER_KINDS as readonly string[]).includes(values.kind)
    ? (values.kind as OfferInput['kind'])
    : 'percent';
  let value = 0;
  if (kind === 'percent') {
    value = /^\d{1,3}$/.test(values.value) ? Number(values.value) : 0;
    if (value < 1 || value > 100) errors.value = 'offers.error.value';
  } else if (kind === 'fixed') {
    value = minorOf(values.value, currency) ?? 0;
    if (value <= 0) errors.value = 'offers.error.value';
  }
  const minimum = minorOf(values.minimumSubtotal || '0', currency, { zero: true });
  if (minimum === undefined) errors.minimumSubtotal = 'offers.error.amount';
  const startsAt = instantOf(values.startsAt, timeZone);
  const endsAt = instantOf(values.endsAt, timeZone);
  if (!startsAt || !endsAt || Date.parse(endsAt) <= Date.parse(startsAt)) errors.endsAt = 'offers.error.window';
  if (values.code && !/^[A-Z0-9]{4,20}$/.test(values.code)) errors.code = 'offers.error.code';
  const limit = (field: 'totalLimit' | 'perShopperLimit') => {
    if (values[field] === '') return null;
    if (!/^\d{1,7}$/.test(values[field]) || Number(values[field]) < 1) errors[field] = 'offers.error.limit';
    return Number(values[field]) || null;
  };
  const totalLimit = limit('totalLimit');
  const perShopperLimit = limit('perShopperLimit');
  // Both times or neither (the contract's rule: "HH:MM", not the same twice).
  let hours: OfferInput['hours'] = null;
  if (values.hoursFrom || values.hoursTo) {
    const parsed = ZOfferHoursSchema.safeParse({ from: values.hoursFrom, to: values.hoursTo });
    if (parsed.success) hours = parsed.data;
    else errors.hoursFrom = 'offers.error.hours';
  }
  const itemIds = values.itemIds.length > 0 ? values.itemIds : null;
  if (itemIds && !ZOfferItemIdsSchema.safeParse(itemIds).success) errors.itemIds = 'offers.error.items';
  if (Object.keys(errors).length > 0) return { values, errors: { form: 'offers.error.form', ...errors } };
  return {
    values,
    errors,
    offer: {
      kind,
      value,
      minimumSubtotal: minimum ?? 0,
      title,
      startsAt: startsAt as string,
      endsAt: endsAt as string,
      code: values.code || null,
      totalLimit,
      perShopperLimit,
      hours,
      itemIds,
    },
  };
}

/** The form's field, and its message, for each field of the API's offer (`title.fr` is the name). */
const API_FIELDS: Readonly<Record<string, [keyof OfferValues, OfferErrors[keyof OfferValues]]>> = {
  title: ['name', 'offers.error.name'],
  kind: ['value', 'offers.error.value'],
  value: ['value', 'offers.error.value'],
  minimumSubtotal: ['minimumSubtotal', 'offers.error.amount'],
  startsAt: ['endsAt', 'offers.error.window'],
  endsAt: ['endsAt', 'offers.error.window'],
  code: ['code', 'offers.error.code'],
  totalLimit: ['totalLimit', 'offers.error.limit'],
  perShopperLimit: ['perShopperLimit', 'offers.error.limit'],
  hours: ['hoursFrom', 'offers.error.hours'],
  itemIds: ['itemIds', 'offers.error.items'],
};

/**
 * The API's refusal of an offer, on the form's fields: each field it names is marked, so the
 * summary's "see the marked fields" always has one to point to (a refusal of no field of the
 * form says so on its own).
 */
export function offerErrorsOf(fields: readonly string[]): OfferErrors {
  const errors: OfferErrors = {};
  for (const apiField of fields) {
    const [field, message] = API_FIELDS[apiField.split('.')[0] ?? ''] ?? [];
    if (field && message && !errors[field]) errors[field] = message;
  }
  return { form: Object.keys(errors).length > 0 ? 'offers.error.form' : 'offers.error.refused', ...errors };
}

/** An offer as a console's list shows it: written for the page's language. */
export function shownOffer(offer: ManagedOffer, t: Translate, tag: string, timeZone: string, language: string) {
  const money = (amount: number) => formatMoney(amount, offer.currency, tag);
  const when = dateTimeFormat(tag, { dateStyle: 'medium', timeStyle: 'short', timeZone });
  const what =
    offer.kind === 'percent'
      ? `${offer.value}%`
      : offer.kind === 'fixed'
        ? money(offer.value)
        : t('offers.kind.free-delivery');
  return {
    id: offer.id,
    state: offer.state,
    what,
    name: textIn(offer.title, language) || null,
    shop: offer.provider?.name ?? null,
    service: offer.service,
    countryCode: offer.countryCode,
    minimum: offer.minimumSubtotal > 0 ? t('offers.fromSubtotal', { amount: money(offer.minimumSubtotal) }) : null,
    window: t('offers.window', {
      from: when.format(new Date(offer.startsAt)),
      to: when.format(new Date(offer.endsAt)),
    }),
    code: offer.code,
    uses: t('offers.uses', { count: offer.redemptions }),
    hours: offer.hours ? t('offers.between', offer.hours) : null,
    items: offer.itemIds ? t('offers.onItems', { count: offer.itemIds.length }) : null,
    fundedBy: t(`offers.fundedBy.${offer.fundedBy}`),
  };
}
export type ShownOffer = ReturnType<typeof shownOffer>;

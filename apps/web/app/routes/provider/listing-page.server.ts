import { type CurrencyCode, MARKET_CURRENCY } from '@malewa/contracts/currencies';
import { ZInterfaceLocaleSchema } from '@malewa/contracts/interface-locales';
import {
  EXPERIENCE_VENUES,
  LISTING_CATEGORIES,
  LISTING_TYPE,
  LISTING_UNITS,
  type Listing,
  type ListingExperience,
  type ListingInput,
  type ListingService,
  MAX_INCLUDED,
  MAX_LISTING_PRICE,
  MAX_PHOTO_BYTES,
  ZListingInputSchema,
} from '@malewa/contracts/provider/listings';
import { data, type RouterContextProvider, redirect } from 'react-router';
import {
  type OptionValues,
  optionRows,
  optionsFromValues,
  optionValuesFromForm,
  optionValuesOf,
} from '../../features/provider/listing-options.server.ts';
import {
  createListing,
  getListing,
  sendListingPhoto,
  updateListing,
} from '../../features/provider/provider-api.server.ts';
import { currentShop } from '../../features/provider/provider-shop.server.ts';
import { ApiError } from '../../platform/api-client/api-client.server.ts';
import { notify } from '../../platform/feedback/notification.server.ts';
import { uuidParam } from '../../platform/http/uuid.ts';
import { localeOfPath, localizePath } from '../../platform/i18n/locales.ts';
import { translatorFor } from '../../platform/i18n/messages.server.ts';
import type { MessageKey } from '../../platform/i18n/translator.ts';
import { majorOf, minorOf } from '../../platform/money/minor-units.ts';
import { signedInCall } from '../../platform/session/signed-in-call.server.ts';

type Context = Readonly<RouterContextProvider>;

/** The form's fields as typed, kept when it comes back. */
export interface ListingValues {
  lang1: string;
  name1: string;
  description1: string;
  lang2: string;
  name2: string;
  description2: string;
  category: string;
  unit: string;
  price: string;
  stock: string;
  available: boolean;
  options: OptionValues[];
  /** A chef's experience: guests, duration in hours, place, one included thing a line. */
  guestsMin: string;
  guestsMax: string;
  durationHours: string;
  venue: string;
  included: string;
}

export type ListingErrors = Partial<
  Record<
    | 'name1'
    | 'description1'
    | 'lang2'
    | 'name2'
    | 'description2'
    | 'category'
    | 'unit'
    | 'price'
    | 'stock'
    | 'photo'
    | 'options'
    | 'guests'
    | 'duration'
    | 'included'
    | 'form',
    MessageKey
  >
>;

/**
 * Food's meals and a chef's experiences have options (sizes, sides, extras, menu choices) in
 * the form; grocery's and farm's goods are sold by their unit and step, and keep whatever
 * options they have.
 */
const withOptions = (service: ListingService) => service === 'food' || service === 'chef';

/** An experience's fields as the form shows them, in `language` (else each line's first text). */
function experienceValuesOf(experience: Listing['experience'], language: string) {
  if (!experience) return { guestsMin: '', guestsMax: '', durationHours: '', venue: 'your-place', included: '' };
  return {
    guestsMin: String(experience.guestsMin),
    guestsMax: String(experience.guestsMax),
    durationHours: String(experience.durationMinutes / 60),
    venue: experience.venue,
    included: experience.included.map((line) => line[language] ?? Object.values(line)[0] ?? '').join('\n'),
  };
}

/**
 * The experience the API takes, or the fields that need another look. Each included line is set
 * in `language` over the line at the same place, so its other languages are kept.
 */
function experienceFrom(values: ListingValues, language: string, current: Listing['experience']) {
  const errors: ListingErrors = {};
  const whole = (text: string) => (/^\d{1,3}$/.test(text) ? Number(text) : undefined);
  const guestsMin = whole(values.guestsMin);
  const guestsMax = whole(values.guestsMax);
  if (!guestsMin || !guestsMax || guestsMin > guestsMax || guestsMax > 500) errors.guests = 'provider.error.guests';
  const hours = Number(values.durationHours.replace(',', '.'));
  const durationMinutes = Math.round(hours * 60);
  if (!(values.durationHours !== '' && durationMinutes >= 30 && durationMinutes <= 24 * 60)) {
    errors.duration = 'provider.error.duration';
  }
  const lines = values.included
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
  if (lines.length > MAX_INCLUDED || lines.some((line) => line.length < 2 || line.length > 120)) {
    errors.included = 'provider.error.included';
  }
  const venue = (EXPERIENCE_VENUES as readonly string[]).includes(values.venue)
    ? (values.venue as ListingExperience['venue'])
    : 'your-place';
  if (Object.keys(errors).length > 0) return { errors };
  const experience: ListingExperience = {
    included: lines.map((line, index) => ({ ...current?.included[index], [language]: line })),
    guestsMin: guestsMin ?? 1,
    guestsMax: guestsMax ?? 1,
    durationMinutes,
    venue,
  };
  return { experience, errors };
}

function serviceOf(service: string): ListingService {
  if (!(service in LISTING_TYPE)) throw data(null, { status: 404 });
  return service as ListingService;
}

/** A listing's texts as the form shows them: the page's language first (else its first), then one other. */
function valuesOfListing(listing: Listing, language: string): ListingValues {
  const langs = Object.keys(listing.name);
  const lang1 = langs.includes(language) ? language : (langs[0] ?? language);
  const lang2 = langs.find((lang) => lang !== lang1) ?? '';
  return {
    lang1,
    name1: listing.name[lang1] ?? '',
    description1: listing.description[lang1] ?? '',
    lang2,
    name2: lang2 ? (listing.name[lang2] ?? '') : '',
    description2: lang2 ? (listing.description[lang2] ?? '') : '',
    category: listing.category,
    unit: listing.unit,
    price: majorOf(listing.price.amount, listing.price.currency),
    stock: listing.stock === null ? '' : String(listing.stock),
    available: listing.available,
    options: optionRows(optionValuesOf(listing.options, lang1, listing.price.currency)),
    ...experienceValuesOf(listing.experience, lang1),
  };
}

/**
 * `/provider/listings/new` and `/provider/listings/{id}`: the form of a shop's listing, its
 * service's categories and units, and the shop's currency.
 */
export async function loadListingForm(url: URL, request: Request, context: Context, params: { id?: string }) {
  const locale = localeOfPath(url.pathname);
  const t = translatorFor(locale.code);
  const { shop } = await signedInCall(url, () => currentShop(context, request, url));
  const service = serviceOf(shop.service);
  let listing: Listing | null = null;
  if (params.id) {
    const id = uuidParam(params.id);
    listing = await signedInCall(url, () => getListing(context, request, id));
    if (listing.shopId !== shop.id) throw data(null, { status: 404 });
  }
  const currency: CurrencyCode = listing?.price.currency ?? MARKET_CURRENCY[shop.countryCode];
  const values: ListingValues = listing
    ? valuesOfListing(listing, locale.code)
    : {
        lang1: locale.code,
        name1: '',
        description1: '',
        lang2: '',
        name2: '',
        description2: '',
        category: '',
        unit: LISTING_UNITS[service][0] ?? '',
        price: '',
        stock: '',
        available: true,
        options: optionRows([]),
        ...experienceValuesOf(null, locale.code),
      };
  const name = listing ? (listing.name[values.lang1] ?? '') : '';
  const heading = listing ? t('provider.listing.editTitle', { name }) : t('provider.listing.new');
  return {
    shop,
    listing: listing ? { id: listing.id, images: listing.images } : null,
    currency,
    // Labelled here: the catalog's vocabulary is not sent whole to any page.
    categories: LISTING_CATEGORIES[service].map((value) => ({
      value,
      label: t(`catalog.category.${value}` as MessageKey),
    })),
    units: LISTING_UNITS[service].map((value) => ({ value, label: t(`catalog.unit.${value}` as MessageKey) })),
    values,
    options: withOptions(service),
    experience: service === 'chef',
    venues: EXPERIENCE_VENUES.map((value) => ({
      value,
      label: t(`catalog.experience.venue.${value}` as MessageKey),
    })),
    heading,
    title: `${heading} | ${t('site.name')}`,
  };
}

export type ListingOutcome = { status: 'invalid'; values: ListingValues; errors: ListingErrors };

const text = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === 'string' ? value.trim() : '';
};

/**
 * Saves the listing (made or changed), then its photo if one came: checked here first with
 * the API's own schema, so a mistake costs no upload; the API's refusals come back to their
 * fields. Texts in other languages than the two the form shows are kept as they were.
 */
export async function saveListingForm(url: URL, request: Request, context: Context, params: { id?: string }) {
  const locale = localeOfPath(url.pathname);
  const t = translatorFor(locale.code);
  const { shop } = await signedInCall(url, () => currentShop(context, request, url));
  const service = serviceOf(shop.service);
  const id = params.id === undefined ? undefined : uuidParam(params.id);
  const current = id ? await signedInCall(url, () => getListing(context, request, id)) : null;
  if (current && current.shopId !== shop.id) throw data(null, { status: 404 });

  const form = await request.formData();
  const values: ListingValues = {
    lang1: text(form, 'lang1'),
    name1: text(form, 'name1'),
    description1: text(form, 'description1'),
    lang2: text(form, 'lang2'),
    name2: text(form, 'name2'),
    description2: text(form, 'description2'),
    category: text(form, 'category'),
    unit: text(form, 'unit'),
    price: text(form, 'price'),
    stock: text(form, 'stock'),
    available: form.get('available') === 'on',
    options: withOptions(service) ? optionValuesFromForm(form) : [],
    guestsMin: text(form, 'guestsMin'),
    guestsMax: text(form, 'guestsMax'),
    durationHours: text(form, 'durationHours'),
    venue: text(form, 'venue'),
    included: text(form, 'included'),
  };
  const photo = form.get('photo');
  const photoFile = photo instanceof File && photo.size > 0 ? photo : null;
  const currency = current?.price.currency ?? MARKET_CURRENCY[shop.countryCode];

  const errors: ListingErrors = {};
  const lang1 = ZInterfaceLocaleSchema.safeParse(values.lang1);
  const lang2 = values.lang2 ? ZInterfaceLocaleSchema.safeParse(values.lang2) : null;
  if (!lang1.success) throw data(null, { status: 400 });
  if (lang2 && (!lang2.success || values.lang2 === values.lang1)) errors.lang2 = 'provider.error.language';
  const name: Record<string, string> = { ...(current?.name ?? {}) };
  const description: Record<string, string> = { ...(current?.description ?? {}) };
  // The second block's former language, when it was changed or emptied, is gone.
  const former = text(form, 'former2');
  if (former && former !== values.lang2) {
    delete name[former];
    delete description[former];
  }
  name[values.lang1] = values.name1;
  description[values.lang1] = values.description1;
  if (values.lang2 && lang2?.success) {
    if (values.name2) name[values.lang2] = values.name2;
    else delete name[values.lang2];
    if (values.description2) description[values.lang2] = values.description2;
    else delete description[values.lang2];
  }
  for (const [lang, value] of Object.entries(description)) if (!value) delete description[lang];
  const price = minorOf(values.price, currency, { max: MAX_LISTING_PRICE });
  if (price === undefined) errors.price = 'provider.error.price';
  const stock = values.stock === '' ? null : /^\d{1,7}$/.test(values.stock) ? Number(values.stock) : undefined;
  if (stock === undefined) errors.stock = 'provider.error.stock';
  if (photoFile && photoFile.size > MAX_PHOTO_BYTES) errors.photo = 'provider.error.photo';
  const options = withOptions(service)
    ? optionsFromValues(values.options, values.lang1, currency, current?.options ?? [])
    : (current?.options ?? []);
  if (!options) errors.options = 'provider.error.options';
  const experience = service === 'chef' ? experienceFrom(values, values.lang1, current?.experience ?? null) : null;
  Object.assign(errors, experience?.errors);

  const parsed = ZListingInputSchema.safeParse({
    name,
    description,
    category: values.category,
    unit: values.unit,
    price: price ?? 0,
    stock: stock ?? null,
    available: values.available,
    options: options ?? [],
    ...(experience?.experience ? { experience: experience.experience } : {}),
  });
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const [field, lang] = issue.path.map(String);
      if (field === 'name') errors[lang === values.lang2 ? 'name2' : 'name1'] = 'provider.error.name';
      if (field === 'description')
        errors[lang === values.lang2 ? 'description2' : 'description1'] = 'provider.error.description';
      if (field === 'options') errors.options = 'provider.error.options';
    }
  }
  if (!values.category) errors.category = 'provider.error.category';
  if (!values.unit) errors.unit = 'provider.error.unit';
  if (!parsed.success || Object.keys(errors).length > 0) {
    return data<ListingOutcome>(
      {
        status: 'invalid',
        values: { ...values, options: optionRows(values.options) },
        errors: { form: 'provider.error.form', ...errors },
      },
      { status: 400 },
    );
  }

  let saved: Listing;
  try {
    const input: ListingInput = parsed.data;
    saved = await signedInCall(url, () =>
      id ? updateListing(context, request, id, input) : createListing(context, request, shop.id, input),
    );
  } catch (error) {
    if (error instanceof ApiError && error.status === 400) {
      const fields = Object.keys(error.errors);
      const apiErrors: ListingErrors = { form: 'provider.error.form' };
      if (fields.includes('category')) apiErrors.category = 'provider.error.category';
      if (fields.includes('unit')) apiErrors.unit = 'provider.error.unit';
      if (fields.includes('price')) apiErrors.price = 'provider.error.price';
      if (fields.includes('name')) apiErrors.name1 = 'provider.error.name';
      if (fields.some((field) => field.startsWith('options'))) apiErrors.options = 'provider.error.options';
      if (fields.some((field) => field.startsWith('experience'))) apiErrors.guests = 'provider.error.guests';
      return data<ListingOutcome>(
        { status: 'invalid', values: { ...values, options: optionRows(values.options) }, errors: apiErrors },
        { status: 400 },
      );
    }
    throw error;
  }
  const savedName = saved.name[values.lang1] ?? values.name1;
  if (photoFile) {
    try {
      const sending = photoFile;
      await signedInCall(url, () => sendListingPhoto(context, request, saved.id, sending));
    } catch (error) {
      if (!(error instanceof ApiError) || (error.status !== 413 && error.status !== 415 && error.status !== 400))
        throw error;
      // The listing is saved; only the photo was refused: its page says so, the listing kept.
      notify(context, { type: 'error', title: t('provider.listing.photoFailed', { name: savedName }), message: '' });
      throw redirect(`${localizePath(`/provider/listings/${saved.id}`, locale.code)}?shop=${shop.id}`, 303);
    }
  }
  notify(context, { type: 'success', title: t('provider.listing.saved', { name: savedName }), message: '' });
  throw redirect(`${localizePath('/provider/listings', locale.code)}?shop=${shop.id}`, 303);
}

import { type ServiceId, TAX_CLASSES } from '@malewa/contracts/catalog/vocabulary';
import { type CurrencyCode, MARKET_CURRENCY } from '@malewa/contracts/currencies';
import { ZInterfaceLocaleSchema } from '@malewa/contracts/interface-locales';
import {
  EXPERIENCE_VENUES,
  LISTING_CATEGORIES,
  LISTING_TYPE,
  LISTING_TYPES_OF,
  LISTING_UNITS,
  type Listing,
  type ListingType,
  MAX_LISTING_PRICE,
  MAX_PHOTO_BYTES,
  RECIPE_DIFFICULTIES,
  ZListingInputSchema,
} from '@malewa/contracts/provider/listings';
import { data, type RouterContextProvider, redirect } from 'react-router';
import {
  EXPERIENCE_FIELDS,
  experienceFrom,
  experienceValuesOf,
  RECIPE_FIELDS,
  recipeFrom,
  recipeValuesOf,
  wholeNumber,
} from '#app/features/provider/listing-kinds.server.ts';
import {
  type OptionValues,
  optionRows,
  optionsFromValues,
  optionValuesFromForm,
  optionValuesOf,
} from '#app/features/provider/listing-options.server.ts';
import {
  createListing,
  getListing,
  sendListingPhoto,
  updateListing,
} from '#app/features/provider/provider-api.server.ts';
import { currentShop } from '#app/features/provider/provider-shop.server.ts';
import { ApiError } from '#app/platform/api-client/api-client.server.ts';
import { showToast } from '#app/platform/feedback/toast.server.ts';
import { apiFailure, type FieldWords, invalid, parseForm, textOf } from '#app/platform/forms/form.server.ts';
import type { FieldErrors, FormOutcome } from '#app/platform/forms/form-outcome.ts';
import { uuidParam } from '#app/platform/http/uuid.ts';
import { localeOfPath, localizePath } from '#app/platform/i18n/locales.ts';
import { translatorFor } from '#app/platform/i18n/messages.server.ts';
import type { MessageKey } from '#app/platform/i18n/translator.ts';
import { majorOf, minorOf } from '#app/platform/money/minor-units.ts';
import { signedInCall } from '#app/platform/session/signed-in-call.server.ts';

type Context = Readonly<RouterContextProvider>;

/** The form's text fields, read trimmed and kept so when it comes back. */
const TEXT_FIELDS = [
  // The texts: the listing's first language and one more.
  'lang1',
  'name1',
  'description1',
  'lang2',
  'name2',
  'description2',
  'category',
  'unit',
  'price',
  'stock',
  // Its VAT class: standard, zero-rated or exempt.
  'taxClass',
  ...EXPERIENCE_FIELDS,
  ...RECIPE_FIELDS,
] as const;
type TextField = (typeof TEXT_FIELDS)[number];

/** The form's fields as typed, kept when it comes back. */
export type ListingValues = Record<TextField, string> & { available: boolean; options: OptionValues[] };

/** Each field's one message, whatever rule it broke. */
const MESSAGES = {
  name1: 'provider.error.name',
  description1: 'provider.error.description',
  lang2: 'provider.error.language',
  name2: 'provider.error.name',
  description2: 'provider.error.description',
  category: 'provider.error.category',
  unit: 'provider.error.unit',
  price: 'provider.error.price',
  stock: 'provider.error.stock',
  taxClass: 'provider.error.taxClass',
  photo: 'provider.error.photo',
  options: 'provider.error.options',
  guests: 'provider.error.guests',
  duration: 'provider.error.duration',
  included: 'provider.error.included',
  recipe: 'provider.error.recipe',
  steps: 'provider.error.steps',
  ingredients: 'provider.error.ingredients',
  form: 'provider.error.form',
} as const satisfies Record<string, MessageKey>;
export type ListingField = Exclude<keyof typeof MESSAGES, 'form'>;
export type ListingOutcome = FormOutcome<ListingValues, ListingField>;

/** The request's fields that are the form's own, under the same name. */
const SAME_NAME = ['category', 'unit', 'price', 'stock', 'taxClass', 'options'] as const;

/**
 * Where a problem of the request (the schema's or the API's) goes on the form: a text to the
 * block of its language, an experience's or a recipe's part to the field that writes it.
 */
function wordsFor(lang2: string): FieldWords<ListingField> {
  return {
    fieldOf: (path) => {
      const [head = '', part] = path.split('.');
      if (head === 'name' || head === 'description')
        return part !== undefined && part === lang2 ? `${head}2` : `${head}1`;
      if (head === 'experience')
        return part === 'durationMinutes' ? 'duration' : part === 'included' ? 'included' : 'guests';
      if (head === 'recipe') return part === 'steps' || part === 'ingredients' ? part : 'recipe';
      return SAME_NAME.find((field) => field === head) ?? 'form';
    },
    messageOf: (field) => MESSAGES[field],
  };
}

/**
 * Food's meals and a chef's experiences have options (sizes, sides, extras, menu choices) in
 * the form; grocery's and farm's goods are sold by their unit and step, and keep whatever
 * options they have.
 */
const withOptions = (type: ListingType) => type === 'meal' || type === 'experience';

/**
 * The listing's name and description in each language: the form's two blocks over the texts it
 * had (other languages kept as they were). The second block's former language is gone when it
 * was changed or emptied, and so is any text left empty in it.
 */
function textsFrom(values: ListingValues, second: boolean, former: string, current: Listing | null) {
  const name: Record<string, string> = { ...current?.name };
  const description: Record<string, string> = { ...current?.description };
  if (former && former !== values.lang2) {
    delete name[former];
    delete description[former];
  }
  name[values.lang1] = values.name1;
  description[values.lang1] = values.description1;
  if (second) {
    if (values.name2) name[values.lang2] = values.name2;
    else delete name[values.lang2];
    if (values.description2) description[values.lang2] = values.description2;
    else delete description[values.lang2];
  }
  for (const [lang, value] of Object.entries(description)) if (!value) delete description[lang];
  return { name, description };
}

/** The kind of a new listing: the one asked for (`?type=`), if the shop's service lists it, else its first. */
function typeAsked(service: ServiceId, asked: unknown): ListingType {
  const types: readonly ListingType[] = LISTING_TYPES_OF[service];
  return types.find((type) => type === asked) ?? LISTING_TYPE[service];
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
    taxClass: listing.taxClass,
    available: listing.available,
    options: optionRows(optionValuesOf(listing.options, lang1, listing.price.currency)),
    ...experienceValuesOf(listing.experience, lang1),
    ...recipeValuesOf(listing.recipe, lang1),
  };
}

/**
 * `/provider/listings/new` (`?type=` for a service that lists two kinds) and
 * `/provider/listings/{id}`: the form of a shop's listing, its kind's categories and units, and
 * the shop's currency.
 */
export async function loadListingForm(url: URL, request: Request, context: Context, params: { id?: string }) {
  const locale = localeOfPath(url.pathname);
  const t = translatorFor(locale.code);
  const { shop } = await signedInCall(url, () => currentShop(context, request, url));
  let listing: Listing | null = null;
  if (params.id) {
    const id = uuidParam(params.id);
    listing = await signedInCall(url, () => getListing(context, request, id));
    if (listing.shopId !== shop.id) throw data(null, { status: 404 });
  }
  const type = listing?.type ?? typeAsked(shop.service, url.searchParams.get('type'));
  const currency: CurrencyCode = listing?.price.currency ?? MARKET_CURRENCY[shop.countryCode];
  const values: ListingValues = listing
    ? valuesOfListing(listing, locale.code)
    : {
        ...(Object.fromEntries(TEXT_FIELDS.map((field) => [field, ''])) as Record<TextField, string>),
        lang1: locale.code,
        unit: LISTING_UNITS[type][0] ?? '',
        taxClass: 'standard',
        available: true,
        options: optionRows([]),
        ...experienceValuesOf(null, locale.code),
        ...recipeValuesOf(null, locale.code),
      };
  const name = listing ? (listing.name[values.lang1] ?? '') : '';
  const heading = listing ? t('provider.listing.editTitle', { name }) : t('provider.listing.new');
  return {
    shop,
    listing: listing ? { id: listing.id, images: listing.images } : null,
    currency,
    // Labelled here: the catalog's vocabulary is not sent whole to any page.
    type,
    categories: LISTING_CATEGORIES[type].map((value) => ({
      value,
      label: t(`catalog.category.${value}` as MessageKey),
    })),
    units: LISTING_UNITS[type].map((value) => ({ value, label: t(`catalog.unit.${value}` as MessageKey) })),
    taxClasses: TAX_CLASSES.map((value) => ({ value, label: t(`provider.listing.taxClass.${value}`) })),
    values,
    options: withOptions(type),
    experience: type === 'experience',
    recipe: type === 'recipe',
    difficulties: RECIPE_DIFFICULTIES.map((value) => ({
      value,
      label: t(`catalog.recipe.difficulty.${value}` as MessageKey),
    })),
    venues: EXPERIENCE_VENUES.map((value) => ({
      value,
      label: t(`catalog.experience.venue.${value}` as MessageKey),
    })),
    heading,
    title: `${heading} | ${t('site.name')}`,
  };
}

/**
 * Saves the listing (made or changed), then its photo if one came: checked here first with
 * the API's own schema, so a mistake costs no upload; the API's refusals come back to their
 * fields. Texts in other languages than the two the form shows are kept as they were.
 */
export async function saveListingForm(url: URL, request: Request, context: Context, params: { id?: string }) {
  const locale = localeOfPath(url.pathname);
  const t = translatorFor(locale.code);
  const { shop } = await signedInCall(url, () => currentShop(context, request, url));
  const id = params.id === undefined ? undefined : uuidParam(params.id);
  const current = id ? await signedInCall(url, () => getListing(context, request, id)) : null;
  if (current && current.shopId !== shop.id) throw data(null, { status: 404 });

  const form = await request.formData();
  const type = current?.type ?? typeAsked(shop.service, form.get('type'));
  const values: ListingValues = {
    ...(Object.fromEntries(TEXT_FIELDS.map((field) => [field, textOf(form, field)])) as Record<TextField, string>),
    // A recipe is never sold out.
    available: type === 'recipe' || form.get('available') === 'on',
    options: withOptions(type) ? optionValuesFromForm(form) : [],
  };
  const kept = { ...values, options: optionRows(values.options) };
  const photo = form.get('photo');
  const photoFile = photo instanceof File && photo.size > 0 ? photo : null;
  const currency = current?.price.currency ?? MARKET_CURRENCY[shop.countryCode];
  const language = values.lang1;
  if (!ZInterfaceLocaleSchema.safeParse(language).success) throw data(null, { status: 400 });

  // What the schema cannot tell: a second language that is none or the first, a photo too big.
  const errors: FieldErrors<ListingField> = {};
  const second = values.lang2 !== '' && ZInterfaceLocaleSchema.safeParse(values.lang2).success;
  if (values.lang2 && (!second || values.lang2 === language)) errors.lang2 = 'provider.error.language';
  if (photoFile && photoFile.size > MAX_PHOTO_BYTES) errors.photo = 'provider.error.photo';
  const experience = type === 'experience' ? experienceFrom(values, language, current?.experience ?? null) : undefined;
  // The schema checks the guests' order only when the experience's other numbers are numbers.
  if (experience && experience.guestsMin > experience.guestsMax) errors.guests = 'provider.error.guests';
  const recipe = type === 'recipe';
  const words = wordsFor(values.lang2);
  const parsed = parseForm(
    ZListingInputSchema,
    {
      ...textsFrom(values, second, textOf(form, 'former2'), current),
      // Left empty, they are missing, and the schema says so.
      category: values.category || undefined,
      unit: values.unit || undefined,
      // A recipe is read, not sold: no price, no stock. Not an amount (NaN): refused.
      price: recipe ? 0 : (minorOf(values.price, currency, { max: MAX_LISTING_PRICE }) ?? Number.NaN),
      stock: recipe || values.stock === '' ? null : wholeNumber(values.stock),
      // A recipe is not sold: it has none. Left out, a listing keeps its own (a new one: standard).
      taxClass: recipe || values.taxClass === '' ? undefined : values.taxClass,
      available: values.available,
      options: withOptions(type)
        ? optionsFromValues(values.options, language, currency, current?.options ?? [])
        : (current?.options ?? []),
      experience,
      recipe: recipe ? recipeFrom(values, language, current?.recipe ?? null) : undefined,
      // A new listing says its kind; a listing keeps the one it was made as.
      type: current ? undefined : type,
    },
    words,
  );
  if (!parsed.ok || Object.keys(errors).length > 0) {
    return invalid(kept, { ...(parsed.ok ? {} : parsed.errors), ...errors });
  }

  let saved: Listing;
  try {
    const input = parsed.request;
    saved = await signedInCall(url, () =>
      id ? updateListing(context, request, id, input) : createListing(context, request, shop.id, input),
    );
  } catch (error) {
    // Only the API's refusal of a field comes back to the form; anything else is the error page.
    if (!(error instanceof ApiError && error.status === 400)) throw error;
    return apiFailure(error, kept, 'provider: saving a listing', words);
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
      showToast(context, { type: 'error', title: t('provider.listing.photoFailed', { name: savedName }), message: '' });
      throw redirect(`${localizePath(`/provider/listings/${saved.id}`, locale.code)}?shop=${shop.id}`, 303);
    }
  }
  showToast(context, { type: 'success', title: t('provider.listing.saved', { name: savedName }), message: '' });
  throw redirect(`${localizePath('/provider/listings', locale.code)}?shop=${shop.id}`, 303);
}

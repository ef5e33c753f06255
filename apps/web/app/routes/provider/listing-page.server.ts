import type { ServiceId } from '@malewa/contracts/catalog/vocabulary';
import { type CurrencyCode, MARKET_CURRENCY } from '@malewa/contracts/currencies';
import { ZInterfaceLocaleSchema } from '@malewa/contracts/interface-locales';
import {
  EXPERIENCE_VENUES,
  INGREDIENT_UNITS,
  LISTING_CATEGORIES,
  LISTING_TYPE,
  LISTING_TYPES_OF,
  LISTING_UNITS,
  type Listing,
  type ListingExperience,
  type ListingInput,
  type ListingRecipe,
  type ListingType,
  MAX_INCLUDED,
  MAX_LISTING_PRICE,
  MAX_PHOTO_BYTES,
  MAX_RECIPE_INGREDIENTS,
  MAX_RECIPE_STEPS,
  RECIPE_DIFFICULTIES,
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
import { formText, linesOf, wholeNumber } from '../../features/provider/listing-texts.server.ts';
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
import { textIn } from '../../platform/i18n/localized-text.ts';
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
  /** A creator's recipe: servings, minutes, difficulty, one step a line, one ingredient a line. */
  servings: string;
  prepMinutes: string;
  cookMinutes: string;
  difficulty: string;
  steps: string;
  ingredients: string;
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
    | 'recipe'
    | 'steps'
    | 'ingredients'
    | 'form',
    MessageKey
  >
>;

/**
 * Food's meals and a chef's experiences have options (sizes, sides, extras, menu choices) in
 * the form; grocery's and farm's goods are sold by their unit and step, and keep whatever
 * options they have.
 */
const withOptions = (type: ListingType) => type === 'meal' || type === 'experience';

/** An experience's fields as the form shows them, in `language` (else each line's first text). */
function experienceValuesOf(experience: Listing['experience'], language: string) {
  if (!experience) return { guestsMin: '', guestsMax: '', durationHours: '', venue: 'your-place', included: '' };
  return {
    guestsMin: String(experience.guestsMin),
    guestsMax: String(experience.guestsMax),
    durationHours: String(experience.durationMinutes / 60),
    venue: experience.venue,
    included: experience.included.map((line) => textIn(line, language)).join('\n'),
  };
}

/** "500 g maize meal", "2 onions", "salt": a quantity, a unit of the recipe's, then the name. */
const INGREDIENT_LINE = new RegExp(`^(\\d+(?:[.,]\\d+)?)\\s*(${INGREDIENT_UNITS.join('|')})?\\s+(.+)$`, 'i');

/** A recipe's fields as the form shows them, in `language` (else each text's first). */
function recipeValuesOf(recipe: Listing['recipe'], language: string) {
  if (!recipe)
    return { servings: '4', prepMinutes: '', cookMinutes: '', difficulty: 'easy', steps: '', ingredients: '' };
  return {
    servings: String(recipe.servings),
    prepMinutes: String(recipe.prepMinutes),
    cookMinutes: String(recipe.cookMinutes),
    difficulty: recipe.difficulty,
    steps: recipe.steps.map((step) => textIn(step, language)).join('\n'),
    ingredients: recipe.ingredients
      .map((ingredient) =>
        [
          ingredient.quantityMilli === null ? '' : String(ingredient.quantityMilli / 1000),
          ingredient.unit ?? '',
          textIn(ingredient.name, language),
        ]
          .filter(Boolean)
          .join(' '),
      )
      .join('\n'),
  };
}

/**
 * The recipe the API takes, or the fields that need another look. Steps and ingredients are
 * set in `language` over the line at the same place, so their other languages are kept.
 */
function recipeFrom(values: ListingValues, language: string, current: Listing['recipe']) {
  const errors: ListingErrors = {};
  const servings = wholeNumber(values.servings, 100);
  const prepMinutes = wholeNumber(values.prepMinutes || '0', 24 * 60);
  const cookMinutes = wholeNumber(values.cookMinutes || '0', 48 * 60);
  if (!servings || prepMinutes === undefined || cookMinutes === undefined) errors.recipe = 'provider.error.recipe';
  const steps = linesOf(values.steps);
  if (
    steps.length === 0 ||
    steps.length > MAX_RECIPE_STEPS ||
    steps.some((step) => step.length < 2 || step.length > 1000)
  ) {
    errors.steps = 'provider.error.steps';
  }
  const ingredients = linesOf(values.ingredients).map((line) => {
    const match = INGREDIENT_LINE.exec(line);
    if (!match) return { quantityMilli: null, unit: null, name: line };
    const quantityMilli = Math.round(Number((match[1] ?? '').replace(',', '.')) * 1000);
    const unit = (match[2]?.toLowerCase() ?? null) as ListingRecipe['ingredients'][number]['unit'];
    return { quantityMilli: quantityMilli > 0 ? quantityMilli : null, unit, name: match[3] ?? line };
  });
  if (
    ingredients.length === 0 ||
    ingredients.length > MAX_RECIPE_INGREDIENTS ||
    ingredients.some((ingredient) => ingredient.name.length > 120)
  ) {
    errors.ingredients = 'provider.error.ingredients';
  }
  const difficulty = (RECIPE_DIFFICULTIES as readonly string[]).includes(values.difficulty)
    ? (values.difficulty as ListingRecipe['difficulty'])
    : 'easy';
  if (Object.keys(errors).length > 0) return { errors };
  const recipe: ListingRecipe = {
    servings: servings ?? 1,
    prepMinutes: prepMinutes ?? 0,
    cookMinutes: cookMinutes ?? 0,
    difficulty,
    steps: steps.map((step, index) => ({ ...current?.steps[index], [language]: step })),
    ingredients: ingredients.map((ingredient, index) => ({
      name: { ...current?.ingredients[index]?.name, [language]: ingredient.name },
      quantityMilli: ingredient.quantityMilli,
      unit: ingredient.unit,
    })),
  };
  return { recipe, errors };
}

/**
 * The experience the API takes, or the fields that need another look. Each included line is set
 * in `language` over the line at the same place, so its other languages are kept.
 */
function experienceFrom(values: ListingValues, language: string, current: Listing['experience']) {
  const errors: ListingErrors = {};
  const guestsMin = wholeNumber(values.guestsMin, 500);
  const guestsMax = wholeNumber(values.guestsMax, 500);
  if (!guestsMin || !guestsMax || guestsMin > guestsMax) errors.guests = 'provider.error.guests';
  const hours = Number(values.durationHours.replace(',', '.'));
  const durationMinutes = Math.round(hours * 60);
  if (!(values.durationHours !== '' && durationMinutes >= 30 && durationMinutes <= 24 * 60)) {
    errors.duration = 'provider.error.duration';
  }
  const lines = linesOf(values.included);
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
        lang1: locale.code,
        name1: '',
        description1: '',
        lang2: '',
        name2: '',
        description2: '',
        category: '',
        unit: LISTING_UNITS[type][0] ?? '',
        price: '',
        stock: '',
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

export type ListingOutcome = { status: 'invalid'; values: ListingValues; errors: ListingErrors };

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
    lang1: formText(form, 'lang1'),
    name1: formText(form, 'name1'),
    description1: formText(form, 'description1'),
    lang2: formText(form, 'lang2'),
    name2: formText(form, 'name2'),
    description2: formText(form, 'description2'),
    category: formText(form, 'category'),
    unit: formText(form, 'unit'),
    price: formText(form, 'price'),
    stock: formText(form, 'stock'),
    // A recipe is never sold out.
    available: type === 'recipe' || form.get('available') === 'on',
    options: withOptions(type) ? optionValuesFromForm(form) : [],
    guestsMin: formText(form, 'guestsMin'),
    guestsMax: formText(form, 'guestsMax'),
    durationHours: formText(form, 'durationHours'),
    venue: formText(form, 'venue'),
    included: formText(form, 'included'),
    servings: formText(form, 'servings'),
    prepMinutes: formText(form, 'prepMinutes'),
    cookMinutes: formText(form, 'cookMinutes'),
    difficulty: formText(form, 'difficulty'),
    steps: formText(form, 'steps'),
    ingredients: formText(form, 'ingredients'),
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
  const former = formText(form, 'former2');
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
  // A recipe is read, not sold: no price, no stock.
  const price = type === 'recipe' ? 0 : minorOf(values.price, currency, { max: MAX_LISTING_PRICE });
  if (price === undefined) errors.price = 'provider.error.price';
  const stock =
    values.stock === '' || type === 'recipe' ? null : /^\d{1,7}$/.test(values.stock) ? Number(values.stock) : undefined;
  if (stock === undefined) errors.stock = 'provider.error.stock';
  if (photoFile && photoFile.size > MAX_PHOTO_BYTES) errors.photo = 'provider.error.photo';
  const options = withOptions(type)
    ? optionsFromValues(values.options, values.lang1, currency, current?.options ?? [])
    : (current?.options ?? []);
  if (!options) errors.options = 'provider.error.options';
  const experience = type === 'experience' ? experienceFrom(values, values.lang1, current?.experience ?? null) : null;
  Object.assign(errors, experience?.errors);
  const recipe = type === 'recipe' ? recipeFrom(values, values.lang1, current?.recipe ?? null) : null;
  Object.assign(errors, recipe?.errors);

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
    ...(recipe?.recipe ? { recipe: recipe.recipe } : {}),
    // A new listing says its kind; a listing keeps the one it was made as.
    ...(current ? {} : { type }),
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
      if (fields.some((field) => field.startsWith('recipe'))) apiErrors.recipe = 'provider.error.recipe';
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

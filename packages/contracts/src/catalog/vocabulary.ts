/**
 * The catalog's closed vocabularies, shared by the database, the API and the storefront
 * (which translates each key: `catalog.dietary.vegan`, ...). One list each, here.
 */
export const SERVICE_IDS = ['food', 'grocery', 'chef', 'cookbook', 'farm'] as const;
export type ServiceId = (typeof SERVICE_IDS)[number];

/** The services' names where no translation is at hand (the API's messages and errors). */
export const SERVICE_NAMES: Record<ServiceId, string> = {
  food: 'Food',
  grocery: 'Grocery',
  chef: 'Chef',
  cookbook: 'Cookbook',
  farm: 'Farm',
};

export const PROVIDER_KINDS = ['restaurant', 'home_cook', 'store', 'chef', 'creator', 'farmer'] as const;
export type ProviderKind = (typeof PROVIDER_KINDS)[number];

export const PROVIDER_STATUSES = ['pending', 'active', 'suspended'] as const;
export type ProviderStatus = (typeof PROVIDER_STATUSES)[number];

export const ITEM_TYPES = ['meal', 'product', 'experience', 'recipe', 'ingredient', 'produce'] as const;
export type ItemType = (typeof ITEM_TYPES)[number];

export const DIETARY_FLAGS = [
  'vegetarian',
  'vegan',
  'halal',
  'gluten-free',
  'dairy-free',
  'nut-free',
  'spicy',
] as const;
export type DietaryFlag = (typeof DIETARY_FLAGS)[number];

export const OFFER_KINDS = ['percent', 'fixed', 'free-delivery'] as const;

/**
 * An item's VAT class: `standard`, the market's standard rate; `zero`, taxed at 0 % (basic
 * foods in several markets: an invoice shows a 0 % row); `exempt`, outside VAT, listed apart.
 */
export const TAX_CLASSES = ['standard', 'zero', 'exempt'] as const;
export type TaxClass = (typeof TAX_CLASSES)[number];
/**
 * Who pays for an offer's discount (docs/decisions/0032): the shop (its own promotion, taken
 * from what it is owed) or the marketplace (Malewa's promotion, the shop is paid in full).
 */
export const OFFER_FUNDERS = ['shop', 'marketplace'] as const;
export type OfferFunder = (typeof OFFER_FUNDERS)[number];
/** Where an offer stands: not started yet, running now, or over (its end came, or it was ended). */
export const OFFER_STATES = ['scheduled', 'running', 'ended'] as const;

/**
 * Each service's collections (docs/product/catalog.md, collections): providers first, then the
 * items, each with the item types it lists. `ingredients` in Cookbook are the Grocery and Farm
 * items recipes use.
 */
export const COLLECTIONS = {
  food: { kitchens: { of: 'providers' }, meals: { of: 'items', types: ['meal'] } },
  grocery: { stores: { of: 'providers' }, products: { of: 'items', types: ['product'] } },
  chef: { chefs: { of: 'providers' }, experiences: { of: 'items', types: ['experience'] } },
  cookbook: {
    creators: { of: 'providers' },
    recipes: { of: 'items', types: ['recipe'] },
    ingredients: { of: 'items', types: ['ingredient'] },
  },
  farm: { farmers: { of: 'providers' }, produces: { of: 'items', types: ['produce'] } },
} as const satisfies Record<
  ServiceId,
  Record<string, { of: 'providers' } | { of: 'items'; types: readonly ItemType[] }>
>;

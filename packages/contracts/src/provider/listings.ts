import { z } from 'zod';
import { ZMoneySchema } from '../catalog/catalog-card.ts';
import type { ItemType, ServiceId } from '../catalog/vocabulary.ts';
import { SERVICE_IDS, TAX_CLASSES } from '../catalog/vocabulary.ts';
import { dataEnvelope } from '../envelope.ts';
import { ZInterfaceLocaleSchema } from '../interface-locales.ts';
import { multiLine, singleLine } from '../text.ts';

/**
 * A provider's listings (docs/product/providers.md, provider console): what their shop sells,
 * as they edit it in the provider console, by the kind of item: meals, products and produce
 * sold by the unit, a chef's experiences (with their guests, duration, place and what is
 * included), a creator's recipes (servings, times, steps and ingredients; read, not sold: no
 * price) and the ingredients a creator sells beside them.
 */
export const LISTING_TYPES_OF = {
  food: ['meal'],
  grocery: ['product'],
  farm: ['produce'],
  chef: ['experience'],
  cookbook: ['recipe', 'ingredient'],
} as const satisfies Record<ServiceId, readonly ItemType[]>;
export type ListingType = (typeof LISTING_TYPES_OF)[ServiceId][number];
/** The kind a service's new listing is unless it says another of the service's: its first. */
export const LISTING_TYPE = Object.fromEntries(
  Object.entries(LISTING_TYPES_OF).map(([service, types]) => [service, types[0]]),
) as Record<ServiceId, ListingType>;

const GROCERY_CATEGORIES = [
  'staples',
  'pantry',
  'fresh-produce',
  'meat-fish',
  'poultry',
  'dairy-eggs',
  'bakery',
  'baking',
  'beverages',
  'snacks',
  'spices',
  'sauces',
  'breakfast',
  'grains-legumes',
  'household',
] as const;
const GROCERY_UNITS = ['each', 'pack', 'kg', 'l', 'loaf', 'bunch', 'dozen', 'tray'] as const;

/** The catalog's categories and units each kind of listing uses (the storefront labels them all). */
export const LISTING_CATEGORIES: Record<ListingType, readonly string[]> = {
  meal: [
    'mains',
    'stews',
    'grills',
    'rice-dishes',
    'soups-and-swallows',
    'seafood',
    'street-food',
    'breakfast',
    'sides',
    'snacks',
    'desserts',
    'drinks',
  ],
  product: GROCERY_CATEGORIES,
  produce: [
    'vegetables',
    'leafy-greens',
    'fruit',
    'roots-tubers',
    'herbs',
    'grains-legumes',
    'eggs',
    'dairy',
    'poultry',
    'meat-fish',
    'honey',
  ],
  experience: ['private-dinner', 'cooking-class', 'event-catering', 'grill-night', 'meal-prep', 'brunch'],
  recipe: [
    'mains',
    'stews',
    'soups-and-swallows',
    'sides',
    'grills',
    'seafood',
    'street-food',
    'vegetables',
    'snacks',
    'breakfast',
    'baking',
    'sauces',
    'drinks',
  ],
  ingredient: GROCERY_CATEGORIES,
};
export const LISTING_UNITS: Record<ListingType, readonly string[]> = {
  meal: ['plate', 'each', 'pack', 'tray'],
  product: GROCERY_UNITS,
  produce: ['kg', 'bunch', 'each', 'dozen', 'pack', 'tray', 'l'],
  // A chef's unit is how the experience is priced.
  experience: ['per-guest', 'per-event'],
  recipe: ['each'],
  ingredient: GROCERY_UNITS,
};
const LISTING_ITEM_TYPES = ['meal', 'product', 'produce', 'experience', 'recipe', 'ingredient'] as const;

/** Largest price a listing takes, in minor units (a million in any of our currencies' majors). */
export const MAX_LISTING_PRICE = 100_000_000;

/** A listing's text in the languages its provider writes: one at least, the shoppers' languages fall back. */
const texts = <T extends z.ZodType<string>>(text: T) =>
  z
    .partialRecord(ZInterfaceLocaleSchema, text)
    .refine((value) => Object.keys(value).length > 0, 'Write it in one language at least');

/** Most options a listing has, and choices an option has. */
export const MAX_LISTING_OPTIONS = 5;
export const MAX_OPTION_CHOICES = 12;

/**
 * An option of a listing, as the storefront asks it: a required choice (a size, a side: pick
 * `min` to `max` of them, at least one) or extras (any of them up to `max`, `min` 0), each
 * choice with what it adds to the price (minor units; 0 for included).
 */
const optionShape = {
  name: texts(singleLine().trim().min(1, 'Name the option').max(60)),
  required: z.boolean(),
  min: z.number().int().min(0).max(MAX_OPTION_CHOICES),
  max: z.number().int().min(1).max(MAX_OPTION_CHOICES),
  choices: z
    .array(
      z
        .object({
          name: texts(singleLine().trim().min(1, 'Name the choice').max(60)),
          price: z.number().int().min(0).max(MAX_LISTING_PRICE),
        })
        .strict(),
    )
    .min(1, 'Give the option a choice at least')
    .max(MAX_OPTION_CHOICES),
};
export const ZListingOptionSchema = z
  .object(optionShape)
  .strict()
  .refine(
    (option) =>
      option.min <= option.max &&
      option.max <= option.choices.length &&
      (option.required ? option.min >= 1 : option.min === 0),
    'A required option takes 1 or more of its choices, extras 0 or more, and no more than it has',
  );
export type ListingOption = z.infer<typeof ZListingOptionSchema>;

export const EXPERIENCE_VENUES = ['your-place', 'chef-place'] as const;
/** Most lines of what an experience includes. */
export const MAX_INCLUDED = 12;

/** What a chef's experience adds to its listing: its guests, how long, where, what is included. */
export const ZListingExperienceSchema = z
  .object({
    included: z.array(texts(singleLine().trim().min(2).max(120))).max(MAX_INCLUDED),
    guestsMin: z.number().int().min(1).max(500),
    guestsMax: z.number().int().min(1).max(500),
    durationMinutes: z
      .number()
      .int()
      .min(30)
      .max(24 * 60),
    venue: z.enum(EXPERIENCE_VENUES),
  })
  .strict()
  .refine((experience) => experience.guestsMin <= experience.guestsMax, {
    message: 'The most guests are at least the fewest',
    path: ['guestsMax'],
  });
export type ListingExperience = z.infer<typeof ZListingExperienceSchema>;

export const RECIPE_DIFFICULTIES = ['easy', 'medium', 'hard'] as const;
/** The units a recipe's ingredient is measured in; none: a count, or "to taste". */
export const INGREDIENT_UNITS = ['g', 'kg', 'ml', 'l', 'each', 'pack', 'bunch'] as const;
export const MAX_RECIPE_STEPS = 30;
export const MAX_RECIPE_INGREDIENTS = 40;

/**
 * What a creator's recipe adds to its listing. Ingredients are matched to what Grocery and Farm
 * sell in the creator's market by their name when saved ("buy the ingredients").
 */
export const ZListingRecipeSchema = z
  .object({
    servings: z.number().int().min(1).max(100),
    prepMinutes: z
      .number()
      .int()
      .min(0)
      .max(24 * 60),
    cookMinutes: z
      .number()
      .int()
      .min(0)
      .max(48 * 60),
    difficulty: z.enum(RECIPE_DIFFICULTIES),
    steps: z
      .array(texts(multiLine().trim().min(2).max(1000)))
      .min(1, 'Write a step at least')
      .max(MAX_RECIPE_STEPS),
    ingredients: z
      .array(
        z
          .object({
            name: texts(singleLine().trim().min(1).max(120)),
            /** Thousandths of the unit, for the recipe's servings; null: "to taste". */
            quantityMilli: z.number().int().min(1).max(100_000_000).nullable(),
            unit: z.enum(INGREDIENT_UNITS).nullable(),
          })
          .strict(),
      )
      .min(1, 'List an ingredient at least')
      .max(MAX_RECIPE_INGREDIENTS),
  })
  .strict();
export type ListingRecipe = z.infer<typeof ZListingRecipeSchema>;

/** `POST /api/provider/shops/{shopId}/listings` and `PUT /api/provider/listings/{id}`. */
export const ZListingInputSchema = z
  .object({
    name: texts(singleLine().trim().min(2, 'Name it (2 characters or more)').max(120)),
    description: z.partialRecord(ZInterfaceLocaleSchema, multiLine().trim().max(1000)).default({}),
    category: z.string().max(40),
    unit: z.string().max(20),
    /** Minor units of the shop's market currency; 0 for a recipe (read, not sold), 1 or more else. */
    price: z.number().int().min(0).max(MAX_LISTING_PRICE),
    /** Units in stock; null where stock does not apply (cooked to order). */
    stock: z.number().int().min(0).max(1_000_000).nullable(),
    /** Off: "sold out today"; it stays listed, and no one can add it to a cart. */
    available: z.boolean(),
    /** Sizes, sides, extras; a cart line whose choices no longer fit them is marked in the cart. */
    options: z.array(ZListingOptionSchema).max(MAX_LISTING_OPTIONS).default([]),
    /** A chef's experience: required for an experience listing, refused for the others. */
    experience: ZListingExperienceSchema.optional(),
    /** A creator's recipe: required for a recipe listing, refused for the others. */
    recipe: ZListingRecipeSchema.optional(),
    /** The kind of item, one of its shop's service's (the service's first when left out); fixed once made. */
    type: z.enum(LISTING_ITEM_TYPES).optional(),
    /**
     * Its VAT class (vocabulary.ts): standard, zero-rated (basic foods in several markets) or
     * exempt. A new listing that leaves it out is standard; a change that leaves it out keeps it.
     * It counts only for a shop registered for VAT, on orders placed after it changes.
     */
    taxClass: z.enum(TAX_CLASSES).optional(),
  })
  .strict();
export type ListingInput = z.infer<typeof ZListingInputSchema>;

export const ZListingSchema = z.object({
  id: z.uuid(),
  slug: z.string(),
  shopId: z.uuid(),
  service: z.enum(SERVICE_IDS),
  type: z.enum(LISTING_ITEM_TYPES),
  name: z.record(z.string(), z.string()),
  description: z.record(z.string(), z.string()),
  category: z.string(),
  unit: z.string(),
  price: ZMoneySchema,
  taxClass: z.enum(TAX_CLASSES),
  stock: z.number().int().nullable(),
  available: z.boolean(),
  options: z.array(z.object(optionShape)),
  experience: z
    .object({
      included: z.array(z.record(z.string(), z.string())),
      guestsMin: z.number().int(),
      guestsMax: z.number().int(),
      durationMinutes: z.number().int(),
      venue: z.enum(EXPERIENCE_VENUES),
    })
    .nullable(),
  recipe: z
    .object({
      servings: z.number().int(),
      prepMinutes: z.number().int(),
      cookMinutes: z.number().int(),
      difficulty: z.enum(RECIPE_DIFFICULTIES),
      steps: z.array(z.record(z.string(), z.string())),
      ingredients: z.array(
        z.object({
          name: z.record(z.string(), z.string()),
          quantityMilli: z.number().int().nullable(),
          unit: z.string().nullable(),
          /** What Grocery and Farm sell as it, matched by name when saved; null: nothing found. */
          matchProductKey: z.string().nullable(),
        }),
      ),
    })
    .nullable(),
  /** Out of the storefront (lists, pages, search, carts, favorites); orders that hold it keep it. */
  hidden: z.boolean(),
  /** The catalog's picture keys: an illustration's, or `photo:<id>` once the provider sends one. */
  images: z.array(z.string()),
  updatedAt: z.iso.datetime(),
});
export type Listing = z.infer<typeof ZListingSchema>;

/** `PUT /api/provider/listings/{id}/visibility`: take a listing out of the storefront, or back. */
export const ZListingVisibilityInputSchema = z.object({ hidden: z.boolean() }).strict();
export type ListingVisibilityInput = z.infer<typeof ZListingVisibilityInputSchema>;

export const ZShopParamsSchema = z.object({ shopId: z.uuid() });
export const ZListingParamsSchema = z.object({ id: z.uuid() });
export const ZListListingsResponseSchema = z.object({ data: z.array(ZListingSchema) });
export const ZListingResponseSchema = dataEnvelope(ZListingSchema);

/** `POST /api/provider/listings/{id}/photo`: one part `photo`, a JPEG, PNG or WebP of 8 MB at most. */
export const MAX_PHOTO_BYTES = 8 * 1024 * 1024;
export const ZListingPhotoFormSchema = z.object({
  photo: z.string().meta({ format: 'binary' }).describe('A JPEG, PNG or WebP photo, 8 MB at most'),
});

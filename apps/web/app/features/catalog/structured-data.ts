import type { Money } from '@malewa/contracts/catalog/catalog-card';
import type { ItemDetail, ProviderDetail } from '@malewa/contracts/catalog/get-catalog-entry';
import { currencyDigits } from '@malewa/contracts/currencies';

/**
 * schema.org descriptions of catalog pages for search engines (JSON-LD): a kitchen is a
 * Restaurant, a store a GroceryStore, the other providers a LocalBusiness; an item a Product
 * with its Offer; a recipe a Recipe. Prices as decimal strings in the currency's major unit.
 */
function decimal(money: Money): string {
  const digits = currencyDigits(money.currency);
  return (money.amount / 10 ** digits).toFixed(digits);
}

const PROVIDER_TYPE: Record<string, string> = { food: 'Restaurant', grocery: 'GroceryStore' };
const DAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
const hhmm = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

export function providerJsonLd(provider: Omit<ProviderDetail, 'items'>, url: string) {
  return {
    '@context': 'https://schema.org',
    '@type': PROVIDER_TYPE[provider.service] ?? 'LocalBusiness',
    name: provider.name,
    description: provider.description.text,
    url,
    address: {
      '@type': 'PostalAddress',
      streetAddress: provider.street,
      addressLocality: provider.city,
    },
    geo: { '@type': 'GeoCoordinates', latitude: provider.latitude, longitude: provider.longitude },
    ...(provider.rating.count > 0
      ? {
          aggregateRating: {
            '@type': 'AggregateRating',
            ratingValue: provider.rating.average,
            ratingCount: provider.rating.count,
          },
        }
      : {}),
    ...(provider.cuisines.length > 0 && provider.service === 'food' ? { servesCuisine: provider.cuisines } : {}),
    openingHoursSpecification: provider.hours.flatMap((ranges, day) =>
      ranges.map(([open, close]) => ({
        '@type': 'OpeningHoursSpecification',
        dayOfWeek: DAYS[day],
        opens: hhmm(open),
        closes: hhmm(close),
      })),
    ),
    // schema.org's way to say a whole day is closed: a special opening from midnight to midnight.
    ...(provider.closedDates.length > 0
      ? {
          specialOpeningHoursSpecification: provider.closedDates.map((date) => ({
            '@type': 'OpeningHoursSpecification',
            validFrom: date,
            validThrough: date,
            opens: '00:00',
            closes: '00:00',
          })),
        }
      : {}),
  };
}

export function itemJsonLd(item: ItemDetail, url: string) {
  if (item.recipe) {
    return {
      '@context': 'https://schema.org',
      '@type': 'Recipe',
      name: item.name.text,
      description: item.description.text,
      url,
      author: { '@type': 'Person', name: item.provider.name },
      recipeYield: String(item.recipe.servings),
      prepTime: `PT${item.recipe.prepMinutes}M`,
      cookTime: `PT${item.recipe.cookMinutes}M`,
      recipeIngredient: item.recipe.ingredients.map((ingredient) => ingredient.name.text),
      recipeInstructions: item.recipe.steps.map((step) => ({ '@type': 'HowToStep', text: step.text })),
    };
  }
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: item.name.text,
    description: item.description.text,
    url,
    category: item.category,
    offers: {
      '@type': 'Offer',
      price: decimal(item.price),
      priceCurrency: item.price.currency,
      availability: item.available ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
      seller: { '@type': 'Organization', name: item.provider.name },
    },
  };
}

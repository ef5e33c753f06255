import { count, sql } from 'drizzle-orm';
import type { Db } from '../database.ts';
import { items, providers } from '../schema/catalog.ts';
import { locations } from '../schema/locations.ts';
import { analyzeCatalog, type MarketCatalog, readMarketCatalogs, sellerPrice, weeklyHours } from './seed-catalog.ts';

/**
 * A catalog of any size for benchmarks (`npm run seed:large -- --items 100000`): branches of the
 * seeded providers, each a little apart from the original and selling its items, until the
 * catalog holds at least `items` items. Names say "branch n": nothing here passes for real data.
 */
export async function seedLargeCatalog(
  db: Db,
  options: { items: number; catalogs?: MarketCatalog[]; onProgress?: (items: number) => void },
): Promise<{ providers: number; items: number }> {
  const catalogs = options.catalogs ?? readMarketCatalogs();
  const [existing] = await db.select({ n: count() }).from(items);
  let itemCount = Number(existing?.n ?? 0);
  const cities = await db
    .select({ id: locations.id, slug: locations.slug, countryCode: locations.countryCode })
    .from(locations);
  const cityId = new Map(cities.map((city) => [`${city.countryCode}:${city.slug}`, city.id]));
  const currencyOf: Record<string, string> = { ZA: 'ZAR', KE: 'KES', RW: 'RWF', BW: 'BWP', ZW: 'USD', MZ: 'MZN' };
  let providerCount = 0;
  for (let branch = 2; itemCount < options.items; branch += 1) {
    for (const catalog of catalogs) {
      if (itemCount >= options.items) break;
      const templates = new Map(catalog.items.map((item) => [item.key, item]));
      const currency = currencyOf[catalog.market] ?? 'USD';
      for (const provider of catalog.providers) {
        if (itemCount >= options.items) break;
        const locationId = cityId.get(`${catalog.market}:${provider.city}`);
        if (!locationId) continue;
        const slug = `${provider.slug}-branch-${branch}`;
        // Up to about 5 km from the original, in a spiral, so branches spread over the city.
        const angle = branch * 2.399;
        const reach = 0.01 * Math.sqrt(branch);
        const [row] = await db
          .insert(providers)
          .values({
            slug,
            service: provider.service,
            kind: provider.kind,
            status: provider.status,
            name: `${provider.name}, branch ${branch}`,
            description: provider.description,
            countryCode: catalog.market,
            locationId,
            area: provider.area,
            street: provider.street,
            latitude: provider.lat + reach * Math.sin(angle),
            longitude: provider.lng + reach * Math.cos(angle),
            cuisines: provider.cuisine ?? [],
            hours: weeklyHours(provider.hours, provider.closedDays),
            byAppointment: provider.hours === 'by-appointment',
            deliveryRadiusKm: provider.deliveryRadiusKm,
            deliveryFeeBase: provider.deliveryFee.base,
            deliveryFeePerKm: provider.deliveryFee.perKm,
            freeDeliveryAbove: provider.deliveryFee.freeAbove ?? null,
            minimumOrder: provider.minimumOrder,
            prepMinutes: provider.prepMinutes,
            ratingAverage: provider.rating,
            ratingCount: provider.ratingCount,
          })
          .returning({ id: providers.id });
        if (!row) continue;
        providerCount += 1;
        const rows = provider.items.flatMap((key) => {
          const template = templates.get(key);
          if (!template) return [];
          return [
            {
              providerId: row.id,
              countryCode: catalog.market,
              service: template.service,
              type: template.type,
              slug: `${key}-${slug}`,
              productKey: key,
              name: template.name,
              description: template.description ?? template.name,
              images: [template.icon],
              category: template.category,
              tags: template.tags ?? [],
              dietary: template.dietary ?? [],
              price: sellerPrice(template.price, 1 + ((branch % 7) - 3) / 20, currency),
              currency,
              unit: template.unit,
              stepMilli: Math.round((template.step ?? 1) * 1000),
              stock: template.stock ?? null,
              options: template.options ?? [],
              nutrition: template.nutrition ?? null,
              orderCount: (branch * 37 + key.length) % 500,
            },
          ];
        });
        if (rows.length > 0) await db.insert(items).values(rows);
        itemCount += rows.length;
      }
      options.onProgress?.(itemCount);
    }
  }
  // As after any bulk load: vacuumed now, the visibility map is set and autovacuum does not
  // start on the new rows in the middle of whatever is measured next.
  if (providerCount > 0) await db.execute(sql`vacuum providers, items, catalog_words`);
  await analyzeCatalog(db);
  return { providers: providerCount, items: itemCount };
}

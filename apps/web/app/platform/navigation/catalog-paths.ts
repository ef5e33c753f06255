/**
 * Where the catalog's pages live: a provider's or an item's address, and what a list's path names.
 * Shared by the catalog, the carts, the favorites and the sitemaps (a cart page must not load
 * the catalog's components for two paths).
 */
import { COLLECTIONS, type ItemType, type ServiceId } from '@malewa/contracts/catalog/vocabulary';

/** The provider collection of each service: the page a provider's address lives under. */
export function providerCollection(service: ServiceId): string {
  const entry = Object.entries(COLLECTIONS[service]).find(([, definition]) => definition.of === 'providers');
  return entry?.[0] ?? 'providers';
}

/** The item collection a type of item is listed under in its service (`meal` → `meals`). */
export function itemCollection(service: ServiceId, type: ItemType): string | undefined {
  return Object.entries(COLLECTIONS[service]).find(
    ([, definition]) => definition.of === 'items' && (definition.types as readonly string[]).includes(type),
  )?.[0];
}

/** Unprefixed addresses of catalog pages; `localizePath` adds the locale. */
export function providerPath(service: ServiceId, slug: string): string {
  return `/${service}/${providerCollection(service)}/${slug}`;
}

export function itemPath(service: ServiceId, type: ItemType, slug: string): string {
  return `/${service}/${itemCollection(service, type) ?? 'items'}/${slug}`;
}

export type CollectionKind = 'providers' | 'items';

/** What the path `/food/meals` names: the service, the collection and whether it lists providers or items. */
export function collectionOfPath(
  unprefixedPath: string,
): { service: ServiceId; collection: string; kind: CollectionKind; types: readonly ItemType[] } | undefined {
  const [, service, collection] = unprefixedPath.split('/');
  if (!service || !collection || !(service in COLLECTIONS)) return undefined;
  const definition = (
    COLLECTIONS as Record<string, Record<string, { of: CollectionKind; types?: readonly ItemType[] }>>
  )[service]?.[collection];
  if (!definition) return undefined;
  return { service: service as ServiceId, collection, kind: definition.of, types: definition.types ?? [] };
}

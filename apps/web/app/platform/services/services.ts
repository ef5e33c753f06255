/**
 * The five services and the tabs of their layouts (docs/product/pages.md, layouts). Plain data,
 * so the config, the routes and the header share one source and tests need no React.
 */

/**
 * The product's order (docs/product/catalog.md, services), and the one order of the services
 * everywhere: the home page's cards, the header's links, the footer and `routes.ts` (issue 10:
 * the header once put Farm before Cookbook, as the specification's header section lists them,
 * and shoppers saw two orders).
 */
import { SERVICE_IDS, type ServiceId } from '@malewa/contracts/catalog/vocabulary';

export { SERVICE_IDS, type ServiceId };

export type TabId =
  | 'kitchens'
  | 'meals'
  | 'stores'
  | 'products'
  | 'chefs'
  | 'experiences'
  | 'creators'
  | 'recipes'
  | 'ingredients'
  | 'farmers'
  | 'produces'
  | 'offers'
  | 'search'
  | 'join';

export interface ServiceTab {
  readonly id: TabId;
  /** Unprefixed; `localizePath` adds the locale. */
  readonly path: string;
  /**
   * Whether the tab's route exists. Until it does, the tab is not rendered, so no link ever
   * leads to a 404; the issue that adds the route flips this.
   */
  readonly available: boolean;
}

export interface Service {
  readonly id: ServiceId;
  /** The service home, unprefixed. */
  readonly path: string;
  readonly tabs: readonly ServiceTab[];
  /** The list the get-started call to action leads to: what a shopper picks in step 1. */
  readonly mainTab: TabId;
}

function service(id: ServiceId, tabIds: readonly TabId[], mainTab: TabId, available: readonly TabId[] = []): Service {
  return {
    id,
    path: `/${id}`,
    tabs: tabIds.map((tab) => ({ id: tab, path: `/${id}/${tab}`, available: available.includes(tab) })),
    mainTab,
  };
}

/** The tabs whose pages exist: every collection, offers and search (issue 11), and joining (issue 13). */
const CATALOG_TABS: readonly TabId[] = [
  'kitchens',
  'meals',
  'stores',
  'products',
  'chefs',
  'experiences',
  'creators',
  'recipes',
  'ingredients',
  'farmers',
  'produces',
  'offers',
  'search',
  'join',
];

export const SERVICES: readonly Service[] = [
  service('food', ['kitchens', 'meals', 'offers', 'search', 'join'], 'meals', CATALOG_TABS),
  service('grocery', ['stores', 'products', 'offers', 'search', 'join'], 'products', CATALOG_TABS),
  service('chef', ['chefs', 'experiences', 'offers', 'search', 'join'], 'experiences', CATALOG_TABS),
  service('cookbook', ['creators', 'recipes', 'ingredients', 'offers', 'search', 'join'], 'recipes', CATALOG_TABS),
  service('farm', ['farmers', 'produces', 'offers', 'search', 'join'], 'produces', CATALOG_TABS),
];

const byId = new Map<string, Service>(SERVICES.map((s) => [s.id, s]));

export function isServiceId(value: string): value is ServiceId {
  return byId.has(value);
}

export function findService(id: string | undefined): Service | undefined {
  return id === undefined ? undefined : byId.get(id);
}

/** A service by a known id; a test checks that `SERVICES` has every id. */
export function getService(id: ServiceId): Service {
  return byId.get(id) as Service;
}

/** The tabs the tab bar shows: only those whose route exists. */
export function availableTabs(service: Service): ServiceTab[] {
  return service.tabs.filter((tab) => tab.available);
}

/** The main list's tab when its route exists; otherwise the call to action has no link. */
export function mainListTab(service: Service): ServiceTab | undefined {
  return service.tabs.find((tab) => tab.id === service.mainTab && tab.available);
}

/** The service an unprefixed path belongs to: `/food/meals` → food, `/pages/about` → none. */
export function serviceOfPath(unprefixedPath: string): Service | undefined {
  return findService(unprefixedPath.split('/')[1]);
}

/** Whether the header shows service links at all: only when more than one is enabled. */
export function headerServices(enabled: readonly ServiceId[]): ServiceId[] {
  return enabled.length > 1 ? SERVICE_IDS.filter((id) => enabled.includes(id)) : [];
}

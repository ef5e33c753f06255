import { describe, expect, it } from 'vitest';
import {
  availableTabs,
  findService,
  getService,
  headerServices,
  mainListTab,
  SERVICE_IDS,
  SERVICES,
  type Service,
  serviceOfPath,
} from './services.ts';

describe('services', () => {
  it('are the five of the specification, in its order', () => {
    expect(SERVICES.map((s) => s.id)).toEqual(['food', 'grocery', 'chef', 'cookbook', 'farm']);
    expect(SERVICE_IDS).toEqual(SERVICES.map((s) => s.id));
    for (const id of SERVICE_IDS) expect(getService(id).id).toBe(id);
    expect(SERVICES.map((s) => s.path)).toEqual(['/food', '/grocery', '/chef', '/cookbook', '/farm']);
  });

  it('have the tabs of the specification, in its order', () => {
    const tabs = Object.fromEntries(SERVICES.map((s) => [s.id, s.tabs.map((t) => t.id)]));
    expect(tabs).toEqual({
      food: ['kitchens', 'meals', 'offers', 'search', 'join'],
      grocery: ['stores', 'products', 'offers', 'search', 'join'],
      chef: ['chefs', 'experiences', 'offers', 'search', 'join'],
      cookbook: ['creators', 'recipes', 'ingredients', 'offers', 'search', 'join'],
      farm: ['farmers', 'produces', 'offers', 'search', 'join'],
    });
  });

  it('put every tab under its service', () => {
    for (const service of SERVICES) {
      for (const tab of service.tabs) expect(tab.path).toBe(`/${service.id}/${tab.id}`);
    }
  });

  it('have a main list among their tabs', () => {
    for (const service of SERVICES) expect(service.tabs.map((t) => t.id)).toContain(service.mainTab);
  });

  it('show every tab, each page existing: the collections, offers, search and join', () => {
    for (const service of SERVICES) {
      expect(availableTabs(service).map((tab) => tab.id)).toEqual(service.tabs.map((tab) => tab.id));
      expect(mainListTab(service)?.id).toBe(service.mainTab);
    }
  });
});

describe('availableTabs', () => {
  const food = findService('food') as Service;
  const partly: Service = {
    ...food,
    tabs: food.tabs.map((tab) => ({ ...tab, available: tab.id === 'meals' || tab.id === 'join' })),
  };

  it('keeps only the tabs whose route exists, in order', () => {
    expect(availableTabs(partly).map((t) => t.id)).toEqual(['meals', 'join']);
  });

  it('gives the main list to the call to action once its route exists', () => {
    expect(mainListTab(partly)?.path).toBe('/food/meals');
    expect(mainListTab({ ...partly, mainTab: 'kitchens' })).toBeUndefined();
  });
});

describe('serviceOfPath', () => {
  it('finds the service of a page from its first segment', () => {
    expect(serviceOfPath('/food')?.id).toBe('food');
    expect(serviceOfPath('/cookbook/recipes/42')?.id).toBe('cookbook');
    expect(serviceOfPath('/')).toBeUndefined();
    expect(serviceOfPath('/pages/about')).toBeUndefined();
    expect(serviceOfPath('/foodie')).toBeUndefined();
  });
});

describe('headerServices', () => {
  it('lists the enabled services in the one order of the services', () => {
    expect(headerServices(SERVICE_IDS)).toEqual(['food', 'grocery', 'chef', 'cookbook', 'farm']);
    expect(headerServices(['farm', 'cookbook'])).toEqual(['cookbook', 'farm']);
  });

  it('shows no service links when only one service is enabled', () => {
    expect(headerServices(['chef'])).toEqual([]);
  });
});

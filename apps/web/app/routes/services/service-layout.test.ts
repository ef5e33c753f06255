import { RouterContextProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { loadWebConfig } from '#app/config.server.ts';
import { configContext } from '#app/context.ts';
import { messagesOfBundle } from '#app/platform/i18n/message-bundles.server.ts';
import { allMessagesFor } from '#app/platform/i18n/messages.server.ts';
import { serviceHomeOf } from './service-home.server.ts';
import { loader } from './service-layout.tsx';

function load(path: string, env: Record<string, string> = {}) {
  const context = new RouterContextProvider();
  context.set(configContext, loadWebConfig(env));
  const url = new URL(`http://localhost${path}`);
  return loader({ url, request: new Request(url), context, params: {} } as unknown as Parameters<typeof loader>[0]);
}

/** The status of what `run` throws: `data(null, { status })`, which the router turns into a response. */
function statusThrownBy(run: () => unknown): number | undefined {
  try {
    run();
  } catch (error) {
    if (error && typeof error === 'object' && 'init' in error) {
      return (error as { init: ResponseInit | null }).init?.status;
    }
    throw error;
  }
  return undefined;
}

describe('the service layout', () => {
  it('knows its service from the path, with or without a locale prefix', () => {
    expect(load('/food')).toMatchObject({ service: 'food' });
    expect(load('/fr/cookbook')).toMatchObject({ service: 'cookbook' });
    expect(load('/ar/farm/')).toMatchObject({ service: 'farm' });
  });

  it('sends its own service’s texts in the page language, not the other services’', () => {
    const { messageBundles } = load('/fr/food');
    const messages = Object.assign({}, ...messageBundles.map(({ href }) => messagesOfBundle(href)));
    expect(messages['services.food.lead']).toBe(allMessagesFor('fr')['services.food.lead']);
    expect(messages['services.tabs.label']).toBe(allMessagesFor('fr')['services.tabs.label']);
    expect(messages['services.tab.meals']).toBeDefined();
    expect(Object.keys(messages).filter((key) => /^services\.(grocery|chef|cookbook|farm)\./.test(key))).toEqual([]);
  });

  it('answers 404 for a disabled service, in every locale', () => {
    const env = { ENABLED_SERVICES: 'food,grocery' };
    expect(load('/grocery', env)).toMatchObject({ service: 'grocery' });
    expect(statusThrownBy(() => load('/chef', env))).toBe(404);
    expect(statusThrownBy(() => load('/sw/chef', env))).toBe(404);
  });
});

describe('a service home', () => {
  it('has its own title and description in the page language', () => {
    const english = serviceHomeOf(new URL('http://localhost/cookbook'));
    expect(english.service).toBe('cookbook');
    expect(english.meta.title).toBe('Cookbook: recipes and their ingredients | Malewa');
    const french = serviceHomeOf(new URL('http://localhost/fr/food'));
    expect(french.meta.title).toBe('Repas : des plats faits maison livrés chez vous | Malewa');
    expect(french.meta.description).toMatch(/^Commandez des plats faits maison/);
  });
});

import { describe, expect, it } from 'vitest';
import { defineMessageBundle, messageBundleJson, messagesOfBundle } from './message-bundles.server.ts';
import { sharedMessageBundle } from './messages.server.ts';

describe('message bundles', () => {
  it('are addressed by locale, name and a hash of their content', () => {
    const bundle = defineMessageBundle('test-greeting', (locale) => ({ 'site.name': `Malewa ${locale}` }));
    const { href } = bundle('fr');
    expect(href).toMatch(/^\/assets\/messages\/fr\/test-greeting-[0-9a-f]{12}\.json$/);
    expect(bundle('fr').href).toBe(href);
    expect(bundle('sw').href).not.toBe(href);
    expect(JSON.parse(messageBundleJson(href) ?? 'null')).toEqual({ 'site.name': 'Malewa fr' });
    expect(messagesOfBundle(href)).toEqual({ 'site.name': 'Malewa fr' });
  });

  it('answer only at this release’s addresses', () => {
    const { href } = sharedMessageBundle('ar');
    expect(messageBundleJson(href)).toContain('"site.name"');
    expect(messageBundleJson(href.replace(/-[0-9a-f]{12}\.json$/, '-000000000000.json'))).toBeNull();
    expect(messageBundleJson(href.replace('/ar/', '/xx/'))).toBeNull();
    expect(messageBundleJson('/assets/messages/ar/nothing-000000000000.json')).toBeNull();
    expect(messageBundleJson('/assets/messages/ar/../shared.json')).toBeNull();
  });

  it('change address when their texts change', () => {
    let text = 'one';
    const bundle = defineMessageBundle('test-changing', () => ({ 'site.name': text }));
    const before = bundle('en').href;
    text = 'two';
    // A release is a new process; here, defining the bundle again stands for it.
    const again = defineMessageBundle('test-changing', () => ({ 'site.name': text }));
    expect(again('en').href).not.toBe(before);
    expect(messageBundleJson(before)).toBeNull();
  });
});

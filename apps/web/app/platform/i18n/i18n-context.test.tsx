import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { I18nProvider, I18nScope, useI18n } from './i18n-context.tsx';
import { findLocale } from './locales.ts';
import { MessageBundleSource } from './message-bundle.tsx';
import type { MessageKey, Messages } from './translator.ts';

const SHARED: Partial<Messages> = { 'a.one': 'One', 'a.two': 'Two' } as Partial<Messages>;
const CATALOG: Partial<Messages> = { 'a.two': 'Two, from the catalog bundle', 'a.three': 'Three' } as Partial<Messages>;
const BUNDLES: Record<string, Partial<Messages>> = { '/shared': SHARED, '/catalog': CATALOG };

function Says({ keys }: { keys: string[] }) {
  const { t } = useI18n();
  return <>{keys.map((key) => `${key}=${t(key as MessageKey)};`).join('')}</>;
}

function render(children: React.ReactNode) {
  const locale = findLocale('en');
  if (!locale) throw new Error('no en');
  return renderToString(
    <MessageBundleSource value={(href) => BUNDLES[href]}>
      <I18nProvider locale={locale} bundles={[{ href: '/shared' }]}>
        {children}
      </I18nProvider>
    </MessageBundleSource>,
  );
}

const KEYS = ['a.one', 'a.two', 'a.three', 'a.four'];

describe('I18nScope', () => {
  it("adds a namespace's bundles and the page's own texts over the page's, nested scopes over theirs", () => {
    const html = render(
      <>
        <Says keys={KEYS} />|
        <I18nScope bundles={[{ href: '/catalog' }]}>
          <Says keys={KEYS} />|
          <I18nScope messages={{ 'a.four': 'Four, the page’s own' } as Partial<Messages>}>
            <Says keys={KEYS} />|
          </I18nScope>
          <Says keys={KEYS} />|
        </I18nScope>
        <Says keys={KEYS} />
      </>,
    );
    expect(html.replaceAll('<!-- -->', '').split('|')).toEqual([
      'a.one=One;a.two=Two;a.three=a.three;a.four=a.four;',
      'a.one=One;a.two=Two, from the catalog bundle;a.three=Three;a.four=a.four;',
      'a.one=One;a.two=Two, from the catalog bundle;a.three=Three;a.four=Four, the page’s own;',
      'a.one=One;a.two=Two, from the catalog bundle;a.three=Three;a.four=a.four;',
      'a.one=One;a.two=Two;a.three=a.three;a.four=a.four;',
    ]);
  });

  it('leaves the bundles it layers over as they were, render after render', () => {
    for (let render_ = 0; render_ < 2; render_ += 1) {
      render(
        <I18nScope bundles={[{ href: '/catalog' }]} messages={{ 'a.one': 'Uno' } as Partial<Messages>}>
          <Says keys={KEYS} />
        </I18nScope>,
      );
    }
    expect(SHARED).toEqual({ 'a.one': 'One', 'a.two': 'Two' });
    expect(CATALOG).toEqual({ 'a.two': 'Two, from the catalog bundle', 'a.three': 'Three' });
  });
});

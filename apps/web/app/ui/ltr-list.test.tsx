import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { I18nProvider } from '../platform/i18n/i18n-context.tsx';
import { findLocale } from '../platform/i18n/locales.ts';
import { MessageBundleSource } from '../platform/i18n/message-bundle.tsx';
import { LtrList } from './ltr-list.tsx';

function render(code: string, items: string[]) {
  const locale = findLocale(code);
  if (!locale) throw new Error(`no locale ${code}`);
  return renderToString(
    <MessageBundleSource value={() => ({})}>
      <I18nProvider locale={locale} bundles={[]}>
        <LtrList items={items} />
      </I18nProvider>
    </MessageBundleSource>,
  ).replaceAll('<!-- -->', '');
}

describe('LtrList', () => {
  it("isolates each item and lists them with the page language's own words", () => {
    const hours = ['08:00–12:00', '14:00–18:00'];
    expect(render('en', hours)).toBe('<bdi dir="ltr">08:00–12:00</bdi>, <bdi dir="ltr">14:00–18:00</bdi>');
    expect(render('ar', hours)).toBe('<bdi dir="ltr">08:00–12:00</bdi> و<bdi dir="ltr">14:00–18:00</bdi>');
    expect(render('fr', hours)).toBe('<bdi dir="ltr">08:00–12:00</bdi> et <bdi dir="ltr">14:00–18:00</bdi>');
    expect(render('en', ['06:00–22:00'])).toBe('<bdi dir="ltr">06:00–22:00</bdi>');
  });
});

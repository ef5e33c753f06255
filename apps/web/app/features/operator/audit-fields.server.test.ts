import { describe, expect, it } from 'vitest';
import type { LocaleCode } from '#app/platform/i18n/locales.ts';
import { findLocale } from '#app/platform/i18n/locales.ts';
import { allMessagesFor, translatorFor } from '#app/platform/i18n/messages.server.ts';
import { type AuditReader, auditFields } from './audit-fields.server.ts';

function readerIn(language: LocaleCode): AuditReader {
  const messages = allMessagesFor(language);
  return {
    t: translatorFor(language),
    has: (key) => key in messages,
    language,
    iso: findLocale(language)?.iso ?? language,
    market: 'KE',
  };
}

/** What `POST /api/operator/offers` logs (apps/api/src/flows/operator-offers.ts): the request as sent. */
const OFFER = {
  countryCode: 'ZA',
  service: 'food',
  providerId: null,
  kind: 'fixed',
  value: 2500,
  minimumSubtotal: 5000,
  title: { en: 'Weekend special', sw: 'Ofa ya wikendi' },
  startsAt: '2026-11-23T18:49:00.000Z',
  endsAt: '2026-11-30T18:49:00.000Z',
  code: 'WEEKEND25',
  totalLimit: null,
  perShopperLimit: 1,
};

const asLines = (fields: ReturnType<typeof auditFields>) =>
  (fields ?? []).map((field) => `${field.label}: ${field.value}`);

describe('auditFields', () => {
  it('reads an offer as an operator does: money in its market’s currency, its name in the page’s language, dates on its clock', () => {
    const lines = asLines(auditFields(OFFER, 'offer', readerIn('en')));
    expect(lines).toEqual([
      'Market: South Africa',
      'Service: Food',
      'Shop: —',
      'Kind: Amount off',
      expect.stringMatching(/^Discount: R\s?25[.,]00$/),
      expect.stringMatching(/^From a subtotal of: R\s?50[.,]00$/),
      'Name shoppers see: Weekend special',
      'Starts: 23 Nov 2026, 20:49',
      'Ends: 30 Nov 2026, 20:49',
      'Coupon code: WEEKEND25',
      'Uses in all: —',
      'Uses per shopper: 1',
    ]);
    expect(lines.join('\n')).not.toMatch(/5000|\{|"en"/);
  });

  it('takes the page’s language of a text written in several, else its first', () => {
    const title = (language: LocaleCode) =>
      auditFields(OFFER, 'offer', readerIn(language))?.find(
        (field) => field.value.startsWith('Ofa') || field.value.startsWith('Weekend'),
      )?.value;
    expect(title('sw')).toBe('Ofa ya wikendi');
    expect(title('fr')).toBe('Weekend special');
  });

  it('writes a percent as one, and the currency of the operator’s market when the record names none', () => {
    expect(asLines(auditFields({ kind: 'percent', value: 15 }, 'offer', readerIn('en')))).toEqual([
      'Kind: Percent off',
      'Discount: 15%',
    ]);
    expect(asLines(auditFields({ minimumSubtotal: 150000 }, 'offer', readerIn('en')))).toEqual([
      expect.stringMatching(/^From a subtotal of: KSh\s?1,500\.00$/),
    ]);
  });

  it('speaks the page’s language: labels, states and markets in Arabic', () => {
    const lines = asLines(
      auditFields({ status: 'suspended', reason: 'Complaints about the produce.' }, 'provider', readerIn('ar')),
    );
    expect(lines).toEqual(['الحالة: موقوف', 'السبب: Complaints about the produce.']);
    expect(asLines(auditFields({ countryCode: 'KE', isActive: true }, 'location', readerIn('ar')))).toEqual([
      'السوق: كينيا',
      'ظاهر للعملاء: نعم',
    ]);
  });

  it('reads a message an operator sent again (apps/api/src/flows/retry-message.ts): its channel in words', () => {
    const before = {
      channel: 'sms',
      template: 'confirm',
      attempts: 8,
      lastError: 'gateway answered 503',
      givenUpAt: '2026-11-23T18:49:00.000Z',
    };
    expect(asLines(auditFields(before, 'outbox_message', readerIn('en')))).toEqual([
      'Channel: SMS',
      'Kind of message: confirm',
      'Tries: 8',
      'Last error: gateway answered 503',
      'Given up: 23 Nov 2026, 21:49',
    ]);
    expect(asLines(auditFields({ channel: 'email' }, 'outbox_message', readerIn('fr')))).toEqual(['Canal: E-mail']);
  });

  it('lists lists, and keeps the name and the value of what it has no words for', () => {
    expect(asLines(auditFields({ providers: ['mama-wanjiku', 'kamau-greens'] }, 'featured', readerIn('en')))).toEqual([
      'Shops: mama-wanjiku, kamau-greens',
    ]);
    expect(asLines(auditFields({ colour: { hue: 3 }, status: 'archived' }, 'thing', readerIn('en')))).toEqual([
      'colour: {"hue":3}',
      'State: archived',
    ]);
    expect(auditFields(null, 'offer', readerIn('en'))).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { allMessagesFor, messagesFor } from './messages.server.ts';
import { createTranslator, type Messages } from './translator.ts';

describe('createTranslator', () => {
  it('formats plurals by the rules of the locale', () => {
    const en = createTranslator('en', messagesFor('en'));
    expect(en('home.citiesCount', { count: 1, countries: 1 })).toBe('1 city in 1 country');
    expect(en('home.citiesCount', { count: 19, countries: 6 })).toBe('19 cities in 6 countries');

    const ar = createTranslator('ar', messagesFor('ar'));
    expect(ar('home.citiesCount', { count: 2, countries: 2 })).toBe('مدينتان في دولتين');
  });

  it('fills arguments', () => {
    const fr = createTranslator('fr', messagesFor('fr'));
    expect(fr('footer.rights', { year: 2026 })).toBe('© 2026 Malewa. Tous droits réservés.');
  });
});

describe('texts put into right-to-left messages', () => {
  it('are isolated when they hold Latin letters or digits, so that they keep their own order', () => {
    const t = createTranslator('ar', { 'auth.register.sent.email': 'أرسلنا رمزًا إلى {identifier}.' } as Messages);
    expect(t('auth.register.sent.email', { identifier: '+254 712 345 678' })).toBe(
      'أرسلنا رمزًا إلى \u2068+254 712 345 678\u2069.',
    );
    expect(t('auth.register.sent.email', { identifier: 'ليلى' })).toBe('أرسلنا رمزًا إلى ليلى.');
  });

  it('still choose their branch of a select: the isolated value is the same key', () => {
    const t = createTranslator('ar', allMessagesFor('ar'));
    expect(t('rider.vehicle', { vehicle: 'motorbike' })).toBe('دراجة نارية');
    expect(t('commerce.track.onTheWay', { rider: 'Sipho', vehicle: 'car' })).toBe(
      '\u2068Sipho\u2069 في الطريق بالسيارة.',
    );
  });

  it('are left as they are in a left-to-right language', () => {
    const t = createTranslator('en', { 'auth.register.sent.email': 'We sent a code to {identifier}.' } as Messages);
    expect(t('auth.register.sent.email', { identifier: '+254 712 345 678' })).toBe(
      'We sent a code to +254 712 345 678.',
    );
  });
});

import { describe, expect, it } from 'vitest';
import { withExactOnes } from './fallback-plurals.server.ts';
import { compileMessage } from './message-format.ts';
import { allMessagesFor, catalogOf } from './messages.server.ts';

describe('an English plural shown in a language with one plural form', () => {
  it('says "=1" for "one", and reads as in English there', () => {
    const text = '{average} ★ from {count, plural, one {# rating} other {# ratings}}';
    const exact = withExactOnes(text);
    expect(exact).toBe('{average} ★ from {count, plural, =1 {# rating} other {# ratings}}');
    expect(compileMessage(exact, 'yo')({ average: '4.5', count: 1 })).toBe('4.5 ★ from 1 rating');
    expect(compileMessage(exact, 'yo')({ average: '4.5', count: 3 })).toBe('4.5 ★ from 3 ratings');
    // As it was: counted by Yorùbá's single form.
    expect(compileMessage(text, 'yo')({ average: '4.5', count: 1 })).toBe('4.5 ★ from 1 ratings');
  });

  it('keeps what it need not or cannot write back exactly', () => {
    expect(withExactOnes('{count, plural, =1 {just one} one {# item} other {# items}}')).toBe(
      '{count, plural, =1 {just one} one {# item} other {# items}}',
    );
    expect(withExactOnes('{g, select, f {{n, plural, one {# order} other {# orders}}} other {-}}')).toBe(
      '{g, select, f {{n, plural, =1 {# order} other {# orders}}} other {-}}',
    );
    expect(withExactOnes('Hello {name}')).toBe('Hello {name}');
    // A quoted brace would come back as syntax: left alone.
    const quoted = "'{'{count, plural, one {# item} other {# items}}";
    expect(withExactOnes(quoted)).toBe(quoted);
  });

  it('is what Yorùbá and Igbo pages get where they have no text of their own', () => {
    for (const locale of ['yo', 'ig'] as const) {
      expect(catalogOf(locale)['operator.provider.orders'], locale).toBeUndefined();
      const merged = allMessagesFor(locale)['operator.provider.orders'];
      expect(compileMessage(merged, locale)({ count: 1 }), locale).toBe('1 order');
    }
    // A language with "one" keeps its fallback's text as it is (Lingála's is French).
    expect(allMessagesFor('ln')['operator.provider.orders']).toBe(allMessagesFor('fr')['operator.provider.orders']);
    expect(allMessagesFor('af')['operator.provider.orders']).toBe(allMessagesFor('en')['operator.provider.orders']);
  });
});

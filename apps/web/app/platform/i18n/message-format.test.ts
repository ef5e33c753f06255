import { describe, expect, it, vi } from 'vitest';
import { compileMessage } from './message-format.ts';

describe('compileMessage', () => {
  it('makes a number or plural formatter only for a message that needs one', () => {
    // The first Intl formatter a page makes loads the browser's locale data: a page of plain
    // texts must not make one while it hydrates.
    const numberFormat = vi.spyOn(Intl, 'NumberFormat');
    const pluralRules = vi.spyOn(Intl, 'PluralRules');
    try {
      expect(compileMessage('Habari {name}', 'sw')({ name: 'Amani' })).toBe('Habari Amani');
      expect(compileMessage('{kind, select, meal {Chakula} other {Bidhaa}}', 'sw')({ kind: 'meal' })).toBe('Chakula');
      expect(numberFormat).not.toHaveBeenCalled();
      expect(pluralRules).not.toHaveBeenCalled();
      const count = compileMessage('{n, plural, one {# kitu} other {# vitu}}', 'sw');
      expect([count({ n: 1 }), count({ n: 1200 })]).toEqual(['1 kitu', '1,200 vitu']);
      expect(numberFormat).toHaveBeenCalledTimes(1);
      expect(pluralRules).toHaveBeenCalledTimes(1);
    } finally {
      numberFormat.mockRestore();
      pluralRules.mockRestore();
    }
  });

  it('fills plain and number arguments in the locale', () => {
    expect(compileMessage('Hello {name}', 'en')({ name: 'Amani' })).toBe('Hello Amani');
    expect(compileMessage('{km, number} km', 'fr')({ km: 1234.5 })).toBe('1\u202f234,5 km');
  });

  it('chooses plural branches by exact value first, then by the locale’s rules, with # as the number', () => {
    const format = compileMessage('{n, plural, =0 {none} one {# item} other {# items}}', 'en');
    expect(format({ n: 0 })).toBe('none');
    expect(format({ n: 1 })).toBe('1 item');
    expect(format({ n: 1200 })).toBe('1,200 items');
    const arabic = compileMessage(
      '{n, plural, zero {صفر} one {واحد} two {اثنان} few {# قليلة} many {# كثيرة} other {#}}',
      'ar',
    );
    expect(arabic({ n: 2 })).toBe('اثنان');
    expect(arabic({ n: 3 })).toBe('3 قليلة');
  });

  it('applies an offset to the rules and to #, not to exact values', () => {
    const format = compileMessage(
      '{n, plural, offset:1 =1 {you} one {you and # other} other {you and # others}}',
      'en',
    );
    expect(format({ n: 1 })).toBe('you');
    expect(format({ n: 2 })).toBe('you and 1 other');
    expect(format({ n: 4 })).toBe('you and 3 others');
  });

  it('selects, and orders ordinals', () => {
    expect(compileMessage('{g, select, f {she} other {they}}', 'en')({ g: 'f' })).toBe('she');
    expect(compileMessage('{g, select, f {she} other {they}}', 'en')({ g: 'x' })).toBe('they');
    const ordinal = compileMessage('{n, selectordinal, one {#st} two {#nd} few {#rd} other {#th}}', 'en');
    expect([1, 2, 3, 4, 11, 22].map((n) => ordinal({ n }))).toEqual(['1st', '2nd', '3rd', '4th', '11th', '22nd']);
  });

  it('reads apostrophes as ICU does: literal before letters, quoting before syntax', () => {
    expect(compileMessage("n'était pas {x}", 'fr')({ x: 'là' })).toBe("n'était pas là");
    expect(compileMessage("'{literal}' and ''", 'en')()).toBe("{literal} and '");
    expect(compileMessage("{n, plural, other {'#' is #}}", 'en')({ n: 5 })).toBe('# is 5');
  });

  it('refuses constructs it does not format, and a missing value', () => {
    expect(() => compileMessage('{d, date, short}', 'en')).toThrow(SyntaxError);
    expect(() => compileMessage('{n, number, percent}', 'en')).toThrow(SyntaxError);
    expect(() => compileMessage('{n, plural, one {#}}', 'en')).toThrow(/other/);
    expect(() => compileMessage('{n', 'en')).toThrow(SyntaxError);
    expect(() => compileMessage('a } b', 'en')).toThrow(SyntaxError);
    expect(() => compileMessage('Hi {name}', 'en')({})).toThrow(/name/);
  });
});

import { describe, expect, it } from 'vitest';
import { textLanguageProps } from './text-language.ts';

describe('textLanguageProps', () => {
  it('tags a field in another language than the page’s, and lets it run its own way', () => {
    expect(textLanguageProps('ar', 'en')).toEqual({ lang: 'ar', dir: 'auto' });
    expect(textLanguageProps('sw', 'ar')).toEqual({ lang: 'sw', dir: 'auto' });
    // A locale's code is not always its language tag.
    expect(textLanguageProps('ewe', 'en')).toEqual({ lang: 'ee', dir: 'auto' });
  });

  it('leaves the page’s own language, and no language, as they are', () => {
    expect(textLanguageProps('en', 'en')).toEqual({});
    expect(textLanguageProps('', 'en')).toEqual({});
  });
});

import { describe, expect, it } from 'vitest';
import { artBase, MEDIA_FORMATS, MEDIA_WIDTHS, mediaUrl, parseMediaPath, storageKey } from './media-path.ts';

describe('media addresses', () => {
  it('read back every address the pages link', () => {
    for (const icons of [['leafy-green'], ['pot-of-food', 'flatbread', 'hot-pepper']]) {
      for (const width of MEDIA_WIDTHS) {
        for (const format of MEDIA_FORMATS) {
          const url = mediaUrl({ icons, tint: 5 }, width, format);
          expect(url.startsWith(`${artBase({ icons, tint: 5 })}/`)).toBe(true);
          const request = parseMediaPath(url.slice('/media/'.length));
          expect(request).toEqual({ icons, tint: 5, width, format });
          expect(storageKey(request ?? { icons: [], tint: 0, width, format })).toBe(url.slice('/media/'.length));
        }
      }
    }
    expect(mediaUrl({ icons: ['leafy-green'], tint: 3 }, 320, 'avif')).toBe('/media/v1/art/3/leafy-green/320.avif');
  });

  it.each([
    'v1/art/3/leafy-green/321.avif', // a width the pages never ask for
    'v1/art/3/leafy-green/320.png',
    'v1/art/8/leafy-green/320.avif', // no such tint
    'v1/art/3/Leafy-Green/320.avif',
    'v1/art/3/leafy--green/320.avif',
    'v1/art/3/a+b+c+d/320.avif', // four icons
    'v1/art/3/../../etc/passwd/320.avif',
    'v1/art/3/leafy-green/320.avif/x',
    'v2/art/3/leafy-green/320.avif',
    'v1/art/3//320.avif',
    `v1/art/3/${'a'.repeat(65)}/320.avif`,
    '',
  ])('refuses %j', (path) => {
    expect(parseMediaPath(path)).toBeNull();
  });
});

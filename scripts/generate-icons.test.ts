import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { COUNTRY_CODES } from '@malewa/contracts/country-codes';
import { Resvg } from '@resvg/resvg-js';
import { describe, expect, it } from 'vitest';
import { APP_ICONS, APPLE_TOUCH_ICON, FAVICON, OG_IMAGE } from '../apps/web/app/platform/offline/app-icons.ts';
import { MARKET_FLAG } from '../apps/web/app/shell/market-flags.ts';
import {
  encodePng,
  type IconRecord,
  LOGO_PATH,
  MARKET_FLAGS_PATH,
  PUBLIC_DIR,
  pngSize,
  RECORD_PATH,
  sha256,
  sourceHash,
} from './generate-icons.ts';

const record = JSON.parse(readFileSync(RECORD_PATH, 'utf8')) as IconRecord;

describe('the icons in apps/web/public', () => {
  it('were generated from the current logo, icon list and generator (if not: npm run icons)', () => {
    expect(record.source).toBe(sourceHash());
  });

  it('are exactly the generated files, unedited', () => {
    for (const [file, recorded] of Object.entries(record.files)) {
      expect(sha256(readFileSync(join(PUBLIC_DIR, file))), file).toBe(recorded.sha256);
    }
  });

  it('include every icon the manifest and the document head name, at its pixel size', () => {
    const expected = [
      ...APP_ICONS.map((icon) => ({ src: icon.src, width: icon.size, height: icon.size })),
      { src: APPLE_TOUCH_ICON.src, width: APPLE_TOUCH_ICON.size, height: APPLE_TOUCH_ICON.size },
      { src: OG_IMAGE.src, width: OG_IMAGE.width, height: OG_IMAGE.height },
    ];
    for (const { src, width, height } of expected) {
      expect(Object.keys(record.files)).toContain(src.slice(1));
      expect(pngSize(readFileSync(join(PUBLIC_DIR, src))), src).toEqual({ width, height });
    }
  });

  it('include the footer’s market flags, generated, one flag per market at twice its shown size', () => {
    const flags = readFileSync(MARKET_FLAGS_PATH);
    expect(sha256(flags)).toBe(record.marketFlags.sha256);
    expect(pngSize(flags)).toEqual({
      width: COUNTRY_CODES.length * MARKET_FLAG.width * MARKET_FLAG.density,
      height: MARKET_FLAG.height * MARKET_FLAG.density,
    });
    expect(flags.length).toBeLessThan(3072);
  });

  it('serve the logo itself as the favicon', () => {
    expect(readFileSync(join(PUBLIC_DIR, FAVICON.src), 'utf8')).toBe(readFileSync(LOGO_PATH, 'utf8'));
  });

  it('keep the manifest icons small enough for 2G (under 8 KB each)', () => {
    for (const icon of APP_ICONS) expect(readFileSync(join(PUBLIC_DIR, icon.src)).length, icon.src).toBeLessThan(8192);
  });
});

/** Decodes a PNG by drawing it, unscaled, with resvg. */
function decode(png: Buffer, width: number, height: number): Buffer {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><image width="${width}" height="${height}" href="data:image/png;base64,${png.toString('base64')}"/></svg>`;
  return new Resvg(svg).render().pixels;
}

describe('encodePng', () => {
  it('keeps every pixel of a few-colour image with transparency (palette)', () => {
    const pixels = Buffer.alloc(9 * 7 * 4);
    for (let p = 0; p < 63; p++) pixels.writeUInt32BE(p % 3 === 0 ? 0 : p % 3 === 1 ? 0xde421bff : 0xffffffff, p * 4);
    const png = encodePng(9, 7, pixels);
    expect(png[25]).toBe(3);
    expect(decode(png, 9, 7).equals(pixels)).toBe(true);
  });

  it('keeps every pixel of an opaque many-colour image (RGB)', () => {
    const pixels = Buffer.alloc(40 * 30 * 4);
    for (let p = 0; p < 1200; p++) pixels.writeUInt32BE(((Math.imul(p, 2654435761) & 0xffffff00) | 0xff) >>> 0, p * 4);
    const png = encodePng(40, 30, pixels);
    expect(png[25]).toBe(2);
    expect(decode(png, 40, 30).equals(pixels)).toBe(true);
  });
});

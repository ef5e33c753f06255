import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { artSvg, renderArt } from './render-art.ts';

describe('renderArt', () => {
  it.each([
    ['avif', 'heif'],
    ['webp', 'webp'],
  ] as const)('draws an item as %s at the asked width, small enough for 2G', async (format, decoded) => {
    for (const width of [160, 320, 640]) {
      const bytes = await renderArt({ icons: ['leafy-green'], tint: 1 }, width, format);
      expect(bytes).not.toBeNull();
      const meta = await sharp(bytes ?? new Uint8Array()).metadata();
      expect(meta.format).toBe(decoded);
      expect([meta.width, meta.height]).toEqual([width, width]);
      expect(bytes?.byteLength).toBeLessThan(width * 24);
    }
  });

  it('draws a cover from three icons on the tint, the tint showing in its corner', async () => {
    const bytes = await renderArt({ icons: ['pot-of-food', 'flatbread', 'hot-pepper'], tint: 3 }, 160, 'webp');
    const { data, info } = await sharp(bytes ?? new Uint8Array())
      .raw()
      .toBuffer({ resolveWithObject: true });
    // The bottom-left pixel: #e0eefa, tint 3, within lossy-encoding error.
    const at = info.width * (info.height - 1) * info.channels;
    const corner = [data[at] ?? 0, data[at + 1] ?? 0, data[at + 2] ?? 0];
    const tint = [0xe0, 0xee, 0xfa];
    corner.forEach((value, channel) => {
      expect(Math.abs(value - (tint[channel] ?? 0))).toBeLessThan(8);
    });
    const stats = await sharp(bytes ?? new Uint8Array()).stats();
    expect(stats.isOpaque).toBe(true);
  });

  it('is null when an icon is not in the set', async () => {
    expect(await renderArt({ icons: ['no-such-icon-anywhere'], tint: 0 }, 160, 'webp')).toBeNull();
    expect(await renderArt({ icons: ['leafy-green', 'no-such-icon-anywhere'], tint: 0 }, 160, 'webp')).toBeNull();
    expect(await renderArt({ icons: [], tint: 0 }, 160, 'webp')).toBeNull();
  });

  it('keeps two icons’ gradient ids apart', () => {
    const icon = { body: '<linearGradient id="a"/><path fill="url(#a)"/><use href="#a"/>', width: 32, height: 32 };
    const svg = artSvg([icon, icon], '#fff', 160);
    expect(svg).toContain('id="i0-a"');
    expect(svg).toContain('id="i1-a"');
    expect(svg).toContain('url(#i1-a)');
    expect(svg).toContain('href="#i1-a"');
    expect(svg).not.toContain('id="a"');
  });
});

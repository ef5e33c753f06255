import sharp from 'sharp';
import { findIcon, type Icon } from './icon-set.ts';
import { type ArtSpec, type MediaFormat, TINTS } from './media-path.ts';

/**
 * Draws a catalog picture: the illustration on its tint, lit from the top corner, resting on a
 * soft shadow, so a card reads as a photo of the dish rather than a glyph. Two or three icons
 * make a provider's cover, its best sellers arranged as on a counter. Returns null when an
 * icon is not in the set (the page then shows the tint alone).
 */
export async function renderArt(spec: ArtSpec, width: number, format: MediaFormat): Promise<Uint8Array | null> {
  const icons = spec.icons.map(findIcon);
  if (icons.length === 0 || icons.some((icon) => icon === null)) return null;
  const svg = artSvg(icons as Icon[], TINTS[spec.tint] ?? TINTS[0], width);
  const image = sharp(Buffer.from(svg));
  // AVIF effort 2, not sharp's 4: a fifth of the time (15 vs 83 ms at 160 px, 35 vs 185 at 320)
  // for some 4% more bytes on these flat drawings; a first page of cards is drawn while a
  // shopper waits.
  const encoded =
    format === 'avif'
      ? image.avif({ quality: 55, effort: 2, chromaSubsampling: '4:2:0' })
      : image.webp({ quality: 78, effort: 5 });
  return new Uint8Array(await encoded.toBuffer());
}

/** Where each icon sits on a 100 × 100 canvas, by how many there are. */
const LAYOUTS: Record<number, Array<{ x: number; y: number; size: number }>> = {
  1: [{ x: 19, y: 16, size: 62 }],
  2: [
    { x: 8, y: 22, size: 52 },
    { x: 50, y: 30, size: 44 },
  ],
  3: [
    { x: 6, y: 26, size: 50 },
    { x: 52, y: 10, size: 40 },
    { x: 54, y: 52, size: 38 },
  ],
};

export function artSvg(icons: Icon[], tint: string, width: number): string {
  const layout = LAYOUTS[icons.length] ?? LAYOUTS[1] ?? [];
  const drawn = icons
    .slice(0, layout.length)
    .map((icon, index) => {
      const place = layout[index] ?? { x: 0, y: 0, size: 100 };
      const shadowY = place.y + place.size * 0.97;
      return (
        `<ellipse cx="${place.x + place.size / 2}" cy="${shadowY}" rx="${place.size * 0.42}" ry="${place.size * 0.07}" fill="#3b2a1a" opacity=".12"/>` +
        `<svg x="${place.x}" y="${place.y}" width="${place.size}" height="${place.size}" viewBox="0 0 ${icon.width} ${icon.height}">${scopeIds(icon.body, `i${index}`)}</svg>`
      );
    })
    .join('');
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 100 100" width="${width}" height="${width}">` +
    `<defs><radialGradient id="light" cx="30%" cy="22%" r="85%"><stop offset="0" stop-color="#fff" stop-opacity=".6"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient></defs>` +
    `<rect width="100" height="100" fill="${tint}"/><rect width="100" height="100" fill="url(#light)"/>${drawn}</svg>`
  );
}

/** Gradients inside two icons may share an id; each icon's ids get its own prefix. */
function scopeIds(body: string, prefix: string): string {
  return body
    .replace(/\bid="([^"]+)"/g, `id="${prefix}-$1"`)
    .replace(/url\(#([^)]+)\)/g, `url(#${prefix}-$1)`)
    .replace(/href="#([^"]+)"/g, `href="#${prefix}-$1"`);
}

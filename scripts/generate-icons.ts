import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { constants, crc32, deflateSync } from 'node:zlib';
import { COUNTRY_CODES } from '@malewa/contracts/country-codes';
import { Resvg } from '@resvg/resvg-js';
import sharp from 'sharp';
import { APP_ICONS, APPLE_TOUCH_ICON, FAVICON, OG_IMAGE } from '../apps/web/app/platform/offline/app-icons.ts';
import { MARKET_FLAG } from '../apps/web/app/shell/market-flags.ts';

/**
 * `npm run icons`: renders every icon and the Open Graph image from the one logo,
 * `apps/web/brand/logo.svg`, into `apps/web/public/`, and the footer's market flags from
 * flag-icons' drawings into one image (`app/shell/market-flags.png`, fingerprinted by the
 * build), and records in `brand/generated.json` the hash of what they were made from and of each file. The PNGs are committed; a unit test
 * (generate-icons.test.ts) fails when the record no longer matches the logo, this script or
 * the files, so a changed logo cannot ship with stale icons.
 *
 * The test compares hashes instead of re-rendering because the pixels depend on the resvg
 * build and on the fonts of the machine; the record does not.
 */
const root = fileURLToPath(new URL('..', import.meta.url));
const web = join(root, 'apps/web');
export const LOGO_PATH = join(web, 'brand/logo.svg');
export const RECORD_PATH = join(web, 'brand/generated.json');
export const PUBLIC_DIR = join(web, 'public');
export const MARKET_FLAGS_PATH = join(web, 'app/shell/market-flags.png');
const flagDrawing = (code: string) => join(root, `node_modules/flag-icons/flags/4x3/${code.toLowerCase()}.svg`);
const SOURCES = [
  LOGO_PATH,
  fileURLToPath(import.meta.url),
  join(web, 'app/platform/offline/app-icons.ts'),
  join(web, 'app/shell/market-flags.ts'),
  join(root, 'packages/contracts/src/country-codes.ts'),
  ...COUNTRY_CODES.map(flagDrawing),
];

// The storefront's tokens (app.css :root): the image is seen outside any theme.
const BRAND = '#DE421B';
const SURFACE_ALT = '#F6F3F1';
const INK = '#1D1D1F';
const INK_SOFT = '#4A4A4F';
const TAGLINE = "We cook so you don't have to!";

/** Debian's fonts-liberation: metrically Arial, close to the system-ui fonts phones show. */
const FONT_DIRS = ['/usr/share/fonts/truetype/liberation', '/usr/share/fonts/truetype/liberation2'];

export interface RecordedFile {
  width?: number;
  height?: number;
  sha256: string;
}
export interface IconRecord {
  source: string;
  /** By path under `apps/web/public`. */
  files: Record<string, RecordedFile>;
  marketFlags: RecordedFile;
}

export function sha256(data: string | Buffer): string {
  return createHash('sha256').update(data).digest('hex');
}

/** The hash of everything the images are made from: the logo, this script, the icon list. */
export function sourceHash(): string {
  return sha256(SOURCES.map((path) => sha256(readFileSync(path))).join('\n'));
}

/** What is drawn inside the logo's 32 × 32 view box, without its `<title>`. */
function logoBody(logo: string): string {
  const body = /<svg[^>]*>([\s\S]*)<\/svg>/.exec(logo)?.[1];
  if (!body || !/viewBox="0 0 32 32"/.test(logo))
    throw new Error('brand/logo.svg must be an <svg viewBox="0 0 32 32">');
  return body.replace(/<title>[\s\S]*?<\/title>/, '');
}

/**
 * Full-bleed brand square with the logo on it (its disc merges into the background, so the
 * white M is what shows). Scaled so the M stays inside the maskable safe zone, the centred
 * circle of 80 % diameter that every launcher mask keeps.
 */
function squareIcon(body: string, scale: number): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" fill="${BRAND}"/><g transform="translate(16 16) scale(${scale}) translate(-16 -16)">${body}</g></svg>`;
}

function ogImage(body: string): string {
  const { width, height } = OG_IMAGE;
  const logoSize = 280;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
  <rect width="${width}" height="${height}" fill="${SURFACE_ALT}"/>
  <rect y="${height - 20}" width="${width}" height="20" fill="${BRAND}"/>
  <g transform="translate(100 ${(height - 20 - logoSize) / 2}) scale(${logoSize / 32})">${body}</g>
  <text x="440" y="300" font-family="Liberation Sans" font-weight="700" font-size="136" fill="${INK}">Malewa</text>
  <text x="444" y="384" font-family="Liberation Sans" font-size="46" fill="${INK_SOFT}">${TAGLINE.replace("'", '&#8217;')}</text>
</svg>`;
}

interface Output {
  file: string;
  width: number;
  height: number;
  svg: string;
}

function outputs(logo: string): Output[] {
  const body = logoBody(logo);
  return [
    ...APP_ICONS.map((icon) => ({
      file: icon.src.slice(1),
      width: icon.size,
      height: icon.size,
      // 0.8: the M reaches 27 % of the width from the centre, well inside the 40 % safe zone.
      svg: icon.purpose === 'maskable' ? squareIcon(body, 0.8) : logo,
    })),
    {
      file: APPLE_TOUCH_ICON.src.slice(1),
      width: APPLE_TOUCH_ICON.size,
      height: APPLE_TOUCH_ICON.size,
      svg: squareIcon(body, 0.9),
    },
    { file: OG_IMAGE.src.slice(1), width: OG_IMAGE.width, height: OG_IMAGE.height, svg: ogImage(body) },
  ];
}

function fontFiles(): string[] {
  for (const dir of FONT_DIRS) {
    const files = ['LiberationSans-Bold.ttf', 'LiberationSans-Regular.ttf'].map((name) => join(dir, name));
    if (files.every((file) => existsSync(file))) return files;
  }
  throw new Error('The Open Graph image needs Liberation Sans: apt-get install fonts-liberation');
}

function render(output: Output, fonts: string[]): Buffer {
  const image = new Resvg(output.svg, {
    fitTo: { mode: 'width', value: output.width },
    font: { loadSystemFonts: false, fontFiles: fonts, defaultFontFamily: 'Liberation Sans' },
    shapeRendering: 2,
    textRendering: 2,
  }).render();
  if (image.width !== output.width || image.height !== output.height) {
    throw new Error(
      `${output.file}: rendered ${image.width}×${image.height}, expected ${output.width}×${output.height}`,
    );
  }
  return encodePng(image.width, image.height, image.pixels);
}

/* ---- A small PNG encoder: these flat images need few colours, so a palette saves ~60 %. ---- */

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

function paeth(a: number, b: number, c: number): number {
  const p = a + b - c;
  const pa = Math.abs(p - a);
  const pb = Math.abs(p - b);
  const pc = Math.abs(p - c);
  return pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
}

/** Each row with the filter that leaves the smallest residues (the usual libpng heuristic). */
function filterRows(raw: Buffer, rowBytes: number, bpp: number, adaptive: boolean): Buffer {
  const rows = raw.length / rowBytes;
  const out = Buffer.alloc(rows * (rowBytes + 1));
  const candidate = Buffer.alloc(rowBytes);
  for (let y = 0; y < rows; y++) {
    const row = raw.subarray(y * rowBytes, (y + 1) * rowBytes);
    const prev = y > 0 ? raw.subarray((y - 1) * rowBytes, y * rowBytes) : Buffer.alloc(rowBytes);
    let best = 0;
    let bestScore = Number.POSITIVE_INFINITY;
    let bestRow = Buffer.from(row);
    for (let filter = 0; filter <= (adaptive ? 4 : 0); filter++) {
      let score = 0;
      for (let i = 0; i < rowBytes; i++) {
        const a = i >= bpp ? (row[i - bpp] ?? 0) : 0;
        const b = prev[i] ?? 0;
        const c = i >= bpp ? (prev[i - bpp] ?? 0) : 0;
        const x = row[i] ?? 0;
        const predicted = [0, a, b, (a + b) >> 1, paeth(a, b, c)][filter] ?? 0;
        const value = (x - predicted) & 0xff;
        candidate[i] = value;
        score += value < 128 ? value : 256 - value;
      }
      if (score < bestScore) {
        bestScore = score;
        best = filter;
        bestRow = Buffer.from(candidate);
      }
    }
    out[y * (rowBytes + 1)] = best;
    bestRow.copy(out, y * (rowBytes + 1) + 1);
  }
  return out;
}

export function encodePng(width: number, height: number, rgba: Buffer): Buffer {
  const colours = new Map<number, number>();
  let opaque = true;
  for (let i = 0; i < rgba.length; i += 4) {
    if (rgba[i + 3] !== 255) opaque = false;
    if (colours.size <= 256) colours.set(rgba.readUInt32BE(i), 0);
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8;
  const parts: Buffer[] = [];
  let idat: Buffer;
  if (colours.size <= 256) {
    // Translucent entries first, so the tRNS chunk can stop at the last of them.
    const palette = [...colours.keys()].sort((x, y) => (x & 0xff) - (y & 0xff) || x - y);
    ihdr[9] = 3;
    const plte = Buffer.alloc(palette.length * 3);
    const alphas = palette.map((colour) => colour & 0xff);
    for (const [i, colour] of palette.entries()) {
      colours.set(colour, i);
      plte[i * 3] = colour >>> 24;
      plte[i * 3 + 1] = (colour >>> 16) & 0xff;
      plte[i * 3 + 2] = (colour >>> 8) & 0xff;
    }
    parts.push(chunk('PLTE', plte));
    const translucent = alphas.findLastIndex((alpha) => alpha !== 255) + 1;
    if (translucent > 0) parts.push(chunk('tRNS', Buffer.from(alphas.slice(0, translucent))));
    const indices = Buffer.alloc(width * height);
    for (let p = 0; p < indices.length; p++) indices[p] = colours.get(rgba.readUInt32BE(p * 4)) ?? 0;
    idat = filterRows(indices, width, 1, false);
  } else if (opaque) {
    ihdr[9] = 2;
    const rgb = Buffer.alloc(width * height * 3);
    for (let p = 0; p < width * height; p++) rgba.copy(rgb, p * 3, p * 4, p * 4 + 3);
    idat = filterRows(rgb, width * 3, 3, true);
  } else {
    ihdr[9] = 6;
    idat = filterRows(rgba, width * 4, 4, true);
  }
  const compressed = deflateSync(idat, { level: 9, memLevel: 9, strategy: constants.Z_DEFAULT_STRATEGY });
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    ...parts,
    chunk('IDAT', compressed),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Width and height from a PNG's IHDR chunk. */
export function pngSize(png: Buffer): { width: number; height: number } {
  if (png.toString('latin1', 12, 16) !== 'IHDR') throw new Error('not a PNG');
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}

/**
 * The six market flags side by side, each at twice its shown size. Flag-icons' drawings are
 * 640 × 480; the palette (sharp's quantiser) keeps the image at about 1.5 KB.
 */
async function marketFlags(): Promise<{ png: Buffer; width: number; height: number }> {
  const width = MARKET_FLAG.width * MARKET_FLAG.density;
  const height = MARKET_FLAG.height * MARKET_FLAG.density;
  const drawings = COUNTRY_CODES.map((code, index) =>
    readFileSync(flagDrawing(code), 'utf8').replace('<svg', `<svg x="${index * 640}" y="0" width="640" height="480"`),
  );
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 ${640 * COUNTRY_CODES.length} 480">${drawings.join('')}</svg>`;
  const image = new Resvg(svg, { fitTo: { mode: 'width', value: width * COUNTRY_CODES.length } }).render();
  if (image.height !== height) throw new Error(`market flags: rendered ${image.height} high, expected ${height}`);
  const png = await sharp(image.pixels, { raw: { width: image.width, height: image.height, channels: 4 } })
    .png({ palette: true, quality: 90, compressionLevel: 9 })
    .toBuffer();
  return { png, width: image.width, height: image.height };
}

async function generate(): Promise<void> {
  const logo = readFileSync(LOGO_PATH, 'utf8');
  const fonts = fontFiles();
  const flags = await marketFlags();
  writeFileSync(MARKET_FLAGS_PATH, flags.png);
  const record: IconRecord = {
    source: sourceHash(),
    files: {},
    marketFlags: { width: flags.width, height: flags.height, sha256: sha256(flags.png) },
  };
  console.log(
    `${'market-flags.png'.padEnd(24)} ${flags.width}×${flags.height}  ${(flags.png.length / 1024).toFixed(1)} KB`,
  );
  // The favicon is the logo itself: browsers draw the SVG at any size.
  writeFileSync(join(PUBLIC_DIR, FAVICON.src), logo);
  record.files[FAVICON.src.slice(1)] = { sha256: sha256(logo) };
  for (const output of outputs(logo)) {
    const png = render(output, fonts);
    const path = join(PUBLIC_DIR, output.file);
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, png);
    record.files[output.file] = { width: output.width, height: output.height, sha256: sha256(png) };
    console.log(`${output.file.padEnd(24)} ${output.width}×${output.height}  ${(png.length / 1024).toFixed(1)} KB`);
  }
  writeFileSync(RECORD_PATH, `${JSON.stringify(record, null, 2)}\n`);
  console.log(`Recorded in ${RECORD_PATH.slice(root.length)}`);
}

if (import.meta.main) await generate();

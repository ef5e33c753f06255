import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Resvg } from '@resvg/resvg-js';
import { PALETTES } from '../apps/web/app/platform/theme/palettes.ts';

/**
 * `npm run video`: the auth layout's looping clip (on desktop a half-width looping muted video
 * beside the form: docs/product/accounts.md, auth pages), made from the project's own artwork
 * only: the logo (`brand/logo.svg`), the delivery rider of the 404 page
 * (`feedback/not-found-illustration.tsx`) and the header's cart icon, in the default theme's
 * colours (`theme/palettes.ts`), muted. A rider carries an order along a road past a row of
 * houses to a map pin; the logo rises like a sun. Every motion has the clip's period, so the
 * loop has no seam.
 *
 * Frames are SVG rendered by resvg, then Debian's ffmpeg encodes WebM (VP9) and MP4 (H.264,
 * for Safari) and the poster (the first frame, JPEG) into `apps/web/public/media/`. Rendering
 * and encoding are deterministic for one resvg and one ffmpeg build; the files are committed.
 */
const root = fileURLToPath(new URL('..', import.meta.url));
const OUT = join(root, 'apps/web/public/media');
const LOGO = readFileSync(join(root, 'apps/web/brand/logo.svg'), 'utf8');

const WIDTH = 640;
const HEIGHT = 640;
const FPS = 12;
const SECONDS = 8;
const FRAMES = FPS * SECONDS;

const palette = PALETTES['light.malewa'];

/** `a` toward `b` by `t` (0–1), both #rrggbb: the muted tints. */
function mix(a: string, b: string, t: number): string {
  const channel = (hex: string, i: number) => Number.parseInt(hex.slice(1 + i * 2, 3 + i * 2), 16);
  return `#${[0, 1, 2]
    .map((i) =>
      Math.round(channel(a, i) * (1 - t) + channel(b, i) * t)
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}

const C = {
  sky: mix(palette.surfaceAlt, palette.surface, 0.3),
  hill: mix(palette.surfaceAlt, palette.line, 0.9),
  hillFar: mix(palette.surfaceAlt, palette.line, 0.45),
  house: mix(palette.surface, palette.line, 0.5),
  roof: mix(palette.brand, palette.surfaceAlt, 0.55),
  road: mix(palette.lineStrong, palette.surfaceAlt, 0.35),
  dash: mix(palette.surface, palette.surfaceAlt, 0.2),
  ink: mix(palette.ink, palette.surfaceAlt, 0.35),
  brand: mix(palette.brand, palette.surfaceAlt, 0.15),
  brandSoft: mix(palette.brand, palette.surfaceAlt, 0.6),
  white: palette.surface,
};

/** The logo's drawing (its 32 × 32 view box), without its title. */
const logoBody = (/<svg[^>]*>([\s\S]*)<\/svg>/.exec(LOGO)?.[1] ?? '').replace(/<title>[\s\S]*?<\/title>/, '');

/** The 404 page's rider, in its 240 × 150 box (feedback/not-found-illustration.tsx), wheels turning. */
function rider(spin: number): string {
  const wheel = (cx: number) =>
    `<g transform="rotate(${spin} ${cx} 115)"><circle cx="${cx}" cy="115" r="11" fill="none" stroke="${C.ink}" stroke-width="4"/><path d="M${cx - 11} 115h22M${cx} 104v22" stroke="${C.ink}" stroke-width="1.5"/></g>`;
  return `<g stroke-linecap="round" stroke-linejoin="round">
    <path d="M8 96h12M4 108h10M12 84h8" stroke="${C.brandSoft}" stroke-width="3" fill="none"/>
    <rect x="24" y="61" width="32" height="28" rx="3" fill="${C.brand}"/>
    <path d="M24 71h32" stroke="${C.white}" stroke-width="2"/>
    <path d="M26 106c0-11 7-18 18-18h24c5 0 8 3 8 8v10Z" fill="${C.brand}"/>
    <path d="M72 104h22M106 115 97 64M91 64h12" stroke="${C.ink}" stroke-width="4" fill="none"/>
    <path d="M62 88h18l4 16" stroke="${C.ink}" stroke-width="5" fill="none"/>
    <path d="M62 87l12-23M73 68l20-3" stroke="${C.ink}" stroke-width="5" fill="none"/>
    <circle cx="77" cy="53" r="9" fill="${C.ink}"/>
    ${wheel(44)}${wheel(106)}
  </g>`;
}

/** The header's cart icon (components/shell-icons.tsx), in its 24 × 24 box. */
const cart = `<g fill="none" stroke="${C.white}" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"><path d="M3 4h2l2.4 11h11l2-8H6.2"/><circle cx="9" cy="19.5" r="1.5"/><circle cx="17" cy="19.5" r="1.5"/></g>`;

function house(x: number, y: number, w: number, h: number): string {
  return `<g><rect x="${x}" y="${y}" width="${w}" height="${h}" fill="${C.house}"/><path d="M${x - 6} ${y}L${x + w / 2} ${y - h * 0.45}L${x + w + 6} ${y}Z" fill="${C.roof}"/><rect x="${x + w / 2 - 7}" y="${y + h - 22}" width="14" height="22" fill="${C.hillFar}"/></g>`;
}

/** Frame `i` of the loop: every position is a whole number of turns over the clip. */
function frame(i: number): string {
  const t = i / FRAMES; // 0 → 1 over the clip
  const roadY = 470;
  // The rider crosses once per loop, entering left, leaving right (mirrored pages keep the
  // video as is: it is decoration, not text).
  const riderX = -260 + t * (WIDTH + 300);
  const bob = Math.sin(t * Math.PI * 2 * 8) * 2;
  const spin = t * 360 * 12;
  // The street drifts one house-spacing per loop, so it wraps onto itself.
  const spacing = 220;
  const drift = -t * spacing;
  const houses = [-1, 0, 1, 2, 3]
    .map(
      (k) =>
        house(drift + k * spacing + 40, roadY - 120, 90, 90) + house(drift + k * spacing + 150, roadY - 95, 60, 65),
    )
    .join('');
  const dashes = Array.from({ length: 12 }, (_, k) => {
    const x = ((k * 80 - t * 160) % 960) - 80;
    return `<path d="M${x} ${roadY + 48}h40" stroke="${C.dash}" stroke-width="6" stroke-linecap="round"/>`;
  }).join('');
  // The sun is the logo, breathing slowly.
  const sunScale = 4.2 + Math.sin(t * Math.PI * 2) * 0.15;
  // The pin, where the order goes, bounces gently; the cart badge pulses beside it.
  const pinY = 190 + Math.sin(t * Math.PI * 2 * 2) * 8;
  const pulse = 0.35 + 0.25 * (1 + Math.sin(t * Math.PI * 2 * 4)) * 0.5;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}">
  <rect width="${WIDTH}" height="${HEIGHT}" fill="${C.sky}"/>
  <g opacity="0.55" transform="translate(${WIDTH * 0.72} 130) scale(${sunScale}) translate(-16 -16)">${logoBody}</g>
  <path d="M0 ${roadY - 60} C 160 ${roadY - 150}, 320 ${roadY - 40}, 480 ${roadY - 110} S ${WIDTH} ${roadY - 90}, ${WIDTH} ${roadY - 90} V ${HEIGHT} H 0Z" fill="${C.hillFar}"/>
  ${houses}
  <path d="M0 ${roadY} H ${WIDTH} V ${HEIGHT} H 0Z" fill="${C.hill}"/>
  <rect y="${roadY + 16}" width="${WIDTH}" height="64" fill="${C.road}"/>
  ${dashes}
  <g transform="translate(${WIDTH - 150} ${pinY})">
    <path d="M50 0c-28 0-48 20-48 48 0 38 48 92 48 92s48-54 48-92C98 20 78 0 50 0Z" fill="${C.brand}"/>
    <circle cx="50" cy="48" r="26" fill="${C.white}" opacity="0.9"/>
    <g transform="translate(35 33) scale(1.25)">${cart.replace(C.white, C.brand)}</g>
  </g>
  <circle cx="${WIDTH - 100}" cy="${roadY + 6}" r="${34 + pulse * 30}" fill="${C.brandSoft}" opacity="${0.5 - pulse * 0.5}"/>
  <g transform="translate(${riderX} ${roadY - 115 + bob}) scale(1.6)">${rider(spin)}</g>
</svg>`;
}

function encode(frames: string, args: string[], output: string): void {
  execFileSync('ffmpeg', ['-y', '-loglevel', 'error', '-framerate', String(FPS), '-i', frames, ...args, output], {
    stdio: 'inherit',
  });
}

const work = mkdtempSync(join(tmpdir(), 'malewa-auth-video-'));
try {
  for (let i = 0; i < FRAMES; i++) {
    const png = new Resvg(frame(i), { fitTo: { mode: 'width', value: WIDTH } }).render().asPng();
    writeFileSync(join(work, `frame-${String(i).padStart(3, '0')}.png`), png);
  }
  mkdirSync(OUT, { recursive: true });
  const frames = join(work, 'frame-%03d.png');
  const common = ['-an', '-pix_fmt', 'yuv420p', '-g', String(FRAMES)];
  encode(
    frames,
    ['-c:v', 'libvpx-vp9', '-b:v', '0', '-crf', '44', '-row-mt', '1', '-deadline', 'good', '-cpu-used', '2', ...common],
    join(OUT, 'auth-loop.webm'),
  );
  encode(
    frames,
    [
      '-c:v',
      'libx264',
      '-profile:v',
      'main',
      '-crf',
      '30',
      '-preset',
      'veryslow',
      '-tune',
      'animation',
      '-movflags',
      '+faststart',
      ...common,
    ],
    join(OUT, 'auth-loop.mp4'),
  );
  execFileSync(
    'ffmpeg',
    ['-y', '-loglevel', 'error', '-i', join(work, 'frame-000.png'), '-q:v', '7', join(OUT, 'auth-loop.jpg')],
    { stdio: 'inherit' },
  );
  for (const file of ['auth-loop.webm', 'auth-loop.mp4', 'auth-loop.jpg']) {
    console.log(`${file}: ${(statSync(join(OUT, file)).size / 1024).toFixed(1)} KB`);
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}

/**
 * The address of every catalog picture, shared by the page that links it and the server that
 * makes it: `/media/v1/art/<tint>/<icon>[+<icon>…]/<width>.<format>`. The address names
 * everything the picture is made of, so one address is always the same bytes and browsers may
 * keep it a year; changing how pictures are drawn means a new version segment, never new bytes
 * under an old address.
 *
 * This file runs in the browser too: it holds no sharp and no file system.
 */
export const MEDIA_VERSION = 'v1';

/** Three widths: a card at 1×, a card at 2× or a phone-wide header at 1×, and 2× of that. */
export const MEDIA_WIDTHS = [160, 320, 640] as const;
export type MediaWidth = (typeof MEDIA_WIDTHS)[number];

/** AVIF first (smallest, Chrome and Safari 16+), WebP for the rest; both for every picture. */
export const MEDIA_FORMATS = ['avif', 'webp'] as const;
export type MediaFormat = (typeof MEDIA_FORMATS)[number];

export const MEDIA_TYPES: Record<MediaFormat, string> = { avif: 'image/avif', webp: 'image/webp' };

/**
 * The backgrounds a picture is drawn on, pale enough for any illustration. catalog.css paints
 * the same colours (`.tint-N`) under the picture while it loads: the colour placeholder.
 */
export const TINTS = ['#fde9d9', '#e4f3df', '#fdf3cf', '#e0eefa', '#f6e1ee', '#e6e4f7', '#dff3f1', '#f4e6dc'] as const;

/** One illustration (an item) or up to three composed together (a provider's cover). */
export const MAX_ART_ICONS = 3;

export interface ArtSpec {
  icons: string[];
  tint: number;
}

export interface MediaRequest extends ArtSpec {
  width: MediaWidth;
  format: MediaFormat;
}

const ICON_NAME = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** The picture's address without its width and format: `/media/v1/art/3/leafy-green`. */
export function artBase({ icons, tint }: ArtSpec): string {
  return `/media/${MEDIA_VERSION}/art/${tint}/${icons.join('+')}`;
}

export function mediaUrl(spec: ArtSpec, width: MediaWidth, format: MediaFormat): string {
  return `${artBase(spec)}/${width}.${format}`;
}

/**
 * Reads an address back (the part after `/media/`), or null for anything that is not exactly
 * one the pages link: an unknown width, format, tint or a malformed name never reaches sharp.
 */
export function parseMediaPath(path: string): MediaRequest | null {
  const match = /^v1\/art\/([0-7])\/([a-z0-9+-]{1,200})\/(\d{1,4})\.([a-z]{3,4})$/.exec(path);
  if (!match) return null;
  const [, tint, names, width, format] = match as unknown as [string, string, string, string, string];
  const icons = names.split('+');
  if (icons.length > MAX_ART_ICONS || !icons.every((icon) => ICON_NAME.test(icon) && icon.length <= 64)) return null;
  const w = Number(width);
  if (!(MEDIA_WIDTHS as readonly number[]).includes(w)) return null;
  if (!(MEDIA_FORMATS as readonly string[]).includes(format)) return null;
  return { icons, tint: Number(tint), width: w as MediaWidth, format: format as MediaFormat };
}

/** The storage key of a rendered picture: its address, without the leading `/media/`. */
export function storageKey(request: MediaRequest): string {
  return mediaUrl(request, request.width, request.format).slice('/media/'.length);
}

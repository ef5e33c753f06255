/**
 * The images `npm run icons` (scripts/generate-icons.ts) renders from `brand/logo.svg` into
 * `public/`: the web app manifest lists the app icons, the document head links the others. App
 * icons from 64 to 512 px.
 */
export const ICON_SIZES = [64, 128, 192, 256, 384, 512] as const;

export interface AppIcon {
  readonly src: string;
  readonly size: number;
  /** `maskable`: full-bleed, the mark inside the safe zone, for launchers that crop a shape. */
  readonly purpose: 'any' | 'maskable';
}

export const APP_ICONS: readonly AppIcon[] = [
  ...ICON_SIZES.map((size) => ({ src: `/icons/icon-${size}.png`, size, purpose: 'any' as const })),
  { src: '/icons/maskable-512.png', size: 512, purpose: 'maskable' },
];

/** iOS ignores the manifest's icons and looks for this one; it must be opaque. */
export const APPLE_TOUCH_ICON = { src: '/apple-touch-icon.png', size: 180 } as const;

/** The Open Graph image shown when a page is shared: 1200 × 630, the size most networks crop to. */
export const OG_IMAGE = { src: '/og-image.png', width: 1200, height: 630 } as const;

export const FAVICON = { src: '/favicon.svg' } as const;

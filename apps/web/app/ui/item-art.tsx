import { MEDIA_WIDTHS, type MediaFormat, type MediaWidth, mediaUrl } from '@malewa/media/media-path';
import { isPhotoKey, PHOTO_KEY_PREFIX, photoUrl } from '@malewa/media/photo-path';
import { preload } from 'react-dom';
import { useSaveData } from '../platform/http/use-save-data.ts';

/** The illustration set the catalog's icon keys name (`fluent-emoji-flat:mango`). */
const ICON_SET = 'fluent-emoji-flat:';

/**
 * A catalog picture (packages/media draws it): an item's illustration, or a provider's cover
 * drawn from up to three of its items' (fluent-emoji-flat, MIT; the attributions page credits
 * it), on a tint drawn from `seed`, so a list of greens and a list of grills look apart. The
 * same tint fills the box while the picture loads. AVIF or WebP, in the width the screen needs
 * (`sizes`), only the smallest when the shopper saves data; width and height are fixed, so
 * nothing shifts when it arrives, and below the first card it loads lazily.
 */
export function ItemArt({
  icons,
  seed,
  sizes = '6rem',
  large = false,
  eager = false,
}: {
  /** Icon keys (`fluent-emoji-flat:leafy-green`); the first three are drawn. */
  icons: readonly (string | null | undefined)[];
  seed: string;
  /** How wide the picture shows, as in `<img sizes>`. */
  sizes?: string;
  /** A header picture, which may show phone-wide: offers the 640 width too (a card needs 320 at most). */
  large?: boolean;
  eager?: boolean;
}) {
  const light = useSaveData();
  const tint = tintOf(seed);
  const photo = icons.find((key): key is string => typeof key === 'string' && isPhotoKey(key));
  const names = icons.flatMap((key) => (key?.startsWith(ICON_SET) ? [key.slice(ICON_SET.length)] : [])).slice(0, 3);
  // A provider's own photo (`photo:<id>`) comes in the same widths and formats as the drawings.
  const url: ((width: MediaWidth, format: MediaFormat) => string) | undefined = photo
    ? (width, format) => photoUrl(photo.slice(PHOTO_KEY_PREFIX.length), width, format)
    : names.length > 0
      ? (width, format) => mediaUrl({ icons: names, tint }, width, format)
      : undefined;
  if (!url) return <span className={`item-art tint-${tint}`} />;
  const widths = MEDIA_WIDTHS.slice(0, light ? 1 : large ? 3 : 2);
  const srcSet = (format: MediaFormat) => widths.map((width) => `${url(width, format)} ${width}w`).join(', ');
  const avif = srcSet('avif');
  // The first screen's main picture is asked for from the head, before the stylesheets: it is
  // the page's largest paint, and found only in the body it queued behind them for one of
  // HTTP/1.1's six connections. AVIF only: a browser without it ignores the hint and takes the
  // WebP from the `<picture>`. Only in the server's HTML: a page drawn in the browser shows its
  // picture in the same commit, and a hint added then would stay in the head for the whole visit.
  if (eager && typeof document === 'undefined')
    preload(url(widths[0] ?? 160, 'avif'), {
      as: 'image',
      type: 'image/avif',
      imageSrcSet: avif,
      imageSizes: sizes,
      fetchPriority: 'high',
    });
  return (
    <span className={`item-art tint-${tint}`}>
      <picture>
        <source type="image/avif" srcSet={avif} sizes={sizes} />
        <img
          src={url(light ? 160 : 320, 'webp')}
          srcSet={srcSet('webp')}
          sizes={sizes}
          alt=""
          width={320}
          height={320}
          loading={eager ? 'eager' : 'lazy'}
          fetchPriority={eager ? 'high' : undefined}
          decoding="async"
        />
      </picture>
    </span>
  );
}

/** One of eight tints (TINTS in packages/media, `.tint-N` in catalog.css), the same for the same seed every time. */
export function tintOf(seed: string): number {
  let hash = 0;
  for (const char of seed) hash = (hash * 31 + (char.codePointAt(0) ?? 0)) >>> 0;
  return hash % 8;
}

/**
 * An item's picture: its illustration (fluent-emoji-flat, MIT; the attributions page credits
 * it) on a tint drawn from the category, so a list of greens and a list of grills look apart.
 * Width and height are fixed, so nothing shifts when it loads; below the first row it loads lazily.
 */
export function ItemArt({
  icon,
  seed,
  size = 96,
  eager = false,
}: {
  icon: string | null | undefined;
  seed: string;
  size?: number;
  eager?: boolean;
}) {
  const name = icon?.split(':')[1];
  return (
    <span className={`item-art tint-${tintOf(seed)}`}>
      {name && (
        <img
          src={`/media/icons/${encodeURIComponent(name)}.svg`}
          alt=""
          width={size}
          height={size}
          loading={eager ? 'eager' : 'lazy'}
          fetchPriority={eager ? 'high' : undefined}
          decoding="async"
        />
      )}
    </span>
  );
}

/** One of eight tints (catalog.css), the same for the same category every time. */
export function tintOf(seed: string): number {
  let hash = 0;
  for (const char of seed) hash = (hash * 31 + (char.codePointAt(0) ?? 0)) >>> 0;
  return hash % 8;
}

import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

/**
 * The catalog's illustrations: Fluent Emoji Flat (Microsoft, MIT), installed from npm as an
 * Iconify set. Read once, when first asked; the attributions page credits it.
 */
interface IconSet {
  icons: Record<string, { body: string; width?: number; height?: number }>;
  aliases?: Record<string, { parent: string }>;
  width?: number;
  height?: number;
}

export interface Icon {
  body: string;
  width: number;
  height: number;
}

let set: IconSet | undefined;

function iconSet(): IconSet {
  set ??= JSON.parse(
    readFileSync(createRequire(import.meta.url).resolve('@iconify-json/fluent-emoji-flat/icons.json'), 'utf8'),
  ) as IconSet;
  return set;
}

/** An icon by its name or one of its aliases; null for a name the set does not have. */
export function findIcon(name: string): Icon | null {
  const icons = iconSet();
  const icon = icons.icons[icons.aliases?.[name]?.parent ?? name];
  if (!icon) return null;
  return { body: icon.body, width: icon.width ?? icons.width ?? 32, height: icon.height ?? icons.height ?? 32 };
}

/** The icon as a standalone SVG document. */
export function iconSvg(icon: Icon): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${icon.width} ${icon.height}" width="${icon.width}" height="${icon.height}">${icon.body}</svg>`;
}

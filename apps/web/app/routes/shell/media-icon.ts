import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { data } from 'react-router';
import type { Route } from './+types/media-icon';

/**
 * The catalog's illustrations (fluent-emoji-flat, MIT, from npm): `/media/icons/leafy-green.svg`
 * is that icon as an SVG file. Read once, on the first request; an icon never changes under its
 * name, so browsers and the offline worker may keep it a year.
 */
interface IconSet {
  icons: Record<string, { body: string; width?: number; height?: number }>;
  aliases?: Record<string, { parent: string }>;
  width?: number;
  height?: number;
}
let set: IconSet | undefined;

function iconSet(): IconSet {
  set ??= JSON.parse(
    readFileSync(createRequire(import.meta.url).resolve('@iconify-json/fluent-emoji-flat/icons.json'), 'utf8'),
  ) as IconSet;
  return set;
}

export function loader({ params }: Route.LoaderArgs) {
  const match = /^([a-z0-9-]{1,64})\.svg$/.exec(params.name ?? '');
  const icons = iconSet();
  const name = match?.[1] ? (icons.aliases?.[match[1]]?.parent ?? match[1]) : undefined;
  const icon = name ? icons.icons[name] : undefined;
  if (!icon) throw data('No such icon', { status: 404 });
  const width = icon.width ?? icons.width ?? 32;
  const height = icon.height ?? icons.height ?? 32;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}">${icon.body}</svg>`;
  return new Response(svg, {
    headers: {
      'Content-Type': 'image/svg+xml; charset=utf-8',
      'Cache-Control': 'public, max-age=31536000, immutable',
      'X-Content-Type-Options': 'nosniff',
    },
  });
}

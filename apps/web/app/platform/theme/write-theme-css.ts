import { writeFileSync } from 'node:fs';
import { themePaintsJson, themeTokensCss } from './theme-css.ts';

// `npm run theme:css`: rewrite the theme tokens and the picker's paints after a palette change.
for (const [path, text] of [
  ['../styles/theme-tokens.css', themeTokensCss()],
  ['./theme-paints.json', themePaintsJson()],
] as const) {
  const target = new URL(path, import.meta.url);
  writeFileSync(target, text);
  console.warn(`wrote ${target.pathname}`);
}

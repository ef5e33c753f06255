import { writeFileSync } from 'node:fs';
import { themeTokensCss } from './theme-css.ts';

// `npm run theme:css`: rewrite the theme tokens after a palette change.
const target = new URL('../styles/theme-tokens.css', import.meta.url);
writeFileSync(target, themeTokensCss());
console.warn(`wrote ${target.pathname}`);

/**
 * The footer's market flags are one image, `market-flags.png` (rendered by `npm run icons`,
 * scripts/generate-icons.ts): the six flags side by side in COUNTRY_CODES' order, drawn at
 * twice their shown size; each flag's box shows its part. One request of 1.5 KB instead of six
 * lazy images of 7.6 KB in all, which Chromium fetched anyway on slow networks (it loads lazy
 * images far below the screen there): every first visit paid for them.
 */
export const MARKET_FLAG = { width: 20, height: 15, density: 2 } as const;

/**
 * The seeded shops' hours in the e2e product (`e2e/open-shops.ts`, run before it starts): every
 * shop but the chefs is open around the clock, so that an order for as soon as possible can be
 * placed whatever the hour CI runs at, except this Nairobi kitchen, closed from yesterday to
 * tomorrow on Nairobi's calendar: its orders take a delivery window two days ahead.
 */
export const CLOSED_KITCHEN = 'lagos-pot-kilimani';

/**
 * The suite's shopkeeper (made by `e2e/shop-keeper.ts` before the product starts): it runs this
 * Johannesburg kitchen, open around the clock like the others, so that a test can order from it
 * and watch the order on the kitchen's own board.
 */
export const E2E_SHOPKEEPER = {
  identifier: 'e2e-kitchen@malewa.example',
  password: 'cook-for-the-city-2026',
  shop: 'braamfontein-kitchen',
} as const;

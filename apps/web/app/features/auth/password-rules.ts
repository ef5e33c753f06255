/**
 * The password length rule of contracts auth/fields.ts, for the pages' `minLength`/`maxLength`:
 * importing the contract would load Zod into the browser (docs/performance.md). A unit test
 * keeps the two equal.
 */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
/** The confirmation code's digits (contracts auth/confirm-verification.ts), likewise. */
export const CODE_LENGTH = 6;

import type { FormOutcome } from '#app/platform/forms/form-outcome.ts';
import type { AuthField } from './api-messages.ts';

// What each auth form puts back after a failed submission, for its action (server) and its
// clientAction (browser) alike: never a password, which is typed again.
export const LOGIN_KEPT = ['identifier', 'returnTo'] as const;
export const REGISTER_KEPT = ['name', 'surname', 'identifier', 'returnTo'] as const;
export const CONFIRM_KEPT = ['identifier', 'code', 'token', 'returnTo'] as const;
/** The forgotten-password and new-code forms. */
export const IDENTIFIER_KEPT = ['identifier'] as const;
export const RESET_KEPT = ['token'] as const;

/** An auth form's outcome: the `kept` fields as typed, its errors beside the auth fields. */
export type AuthOutcome<Kept extends readonly string[], Done = true> = FormOutcome<
  Record<Kept[number], string>,
  AuthField,
  Done
>;

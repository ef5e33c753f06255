import { useRootData } from '../root-data/root-data.ts';
import type { AccountSummary } from './account-summary.ts';

const ANONYMOUS: AccountSummary = { state: 'anonymous' };

/** The shopper's account as the root loader saw it (anonymous when the root has no data). */
export function useAccount(): AccountSummary {
  return useRootData()?.account ?? ANONYMOUS;
}

/**
 * Whether the shopper is signed in: `unavailable` (signed in, the API could not say who) counts,
 * so the pages that follow the signed-in state do not flip while the API is down.
 */
export function useSignedIn(): boolean {
  return useAccount().state !== 'anonymous';
}

/** "Name Surname": how the header shows a shopper. */
export function fullName(user: { readonly name: string; readonly surname: string }): string {
  return `${user.name} ${user.surname}`.trim();
}

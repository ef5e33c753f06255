import { logoutEndpoint } from '@malewa/contracts/auth/logout';
import type { RouterContextProvider } from 'react-router';
import { ApiError, apiClientFor } from '../api-client/api-client.server.ts';
import { sessionOf } from './session.server.ts';

/**
 * Ends the shopper's session at the API (this one, or with `everywhere` all of the account's)
 * and removes its cookies. Signing out always succeeds for the shopper: when the API already
 * refused the session (401) or cannot be reached, the cookies go all the same, and a session
 * left at the API expires on its own.
 */
export async function signOut(
  context: Readonly<RouterContextProvider>,
  request: Request,
  everywhere: boolean,
): Promise<void> {
  const session = sessionOf(context);
  if (!session.signedIn) return;
  try {
    await apiClientFor(context, request, session).call(logoutEndpoint, {
      query: { all: everywhere ? 'true' : undefined },
    });
  } catch (error) {
    if (!(error instanceof ApiError && error.status === 401)) console.error('sign-out: the API did not answer', error);
  }
  session.end();
}

import { getMeEndpoint, type Me } from '@malewa/contracts/auth/get-me';
import type { RouterContextProvider } from 'react-router';
import { apiClientFor } from '../api-client/api-client.server.ts';
import { sessionOf } from './session.server.ts';

/** One request's answer of GET /user/me: the root, the account layout and the profile all need it. */
const asked = new WeakMap<Readonly<RouterContextProvider>, Promise<Me>>();

/**
 * The signed-in shopper and their credential, asked of the API once per request however many
 * loaders want it (the context is the request's own). Throws the API's error (a 401 when the
 * session has ended, its cookies already removed).
 */
export function loadMe(context: Readonly<RouterContextProvider>, request: Request): Promise<Me> {
  let me = asked.get(context);
  if (!me) {
    me = apiClientFor(context, request, sessionOf(context))
      .call(getMeEndpoint, {})
      .then((response) => response.data);
    asked.set(context, me);
  }
  return me;
}

/**
 * The shopper as another call of this request is about to give it (the header's, which the root
 * loader starts before the pages' loaders start): loaders that ask after this need no call of
 * their own. One that asked first keeps its own.
 */
export function shareMe(context: Readonly<RouterContextProvider>, me: Promise<Me>): void {
  if (asked.has(context)) return;
  // Awaited by whoever asks; a failure no one asks about must not be an unhandled rejection.
  me.catch(() => undefined);
  asked.set(context, me);
}

/** After an action changed the profile: the loaders that follow in this request ask again. */
export function forgetMe(context: Readonly<RouterContextProvider>): void {
  asked.delete(context);
}
